export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'wikidata',
    description: 'How Wikidata names things and how to read its statements.',
    dependsOn: [ 'wikidata.searchEntities', 'wikidata.getEntities', 'wikidata.getClaims' ],
    references: [],
    content: `Wikidata is the structured knowledge base behind Wikipedia (CC0). Items have Q ids (Q42 Douglas
Adams, Q64 Berlin) and properties P ids (P31 instance of, P569 date of birth, P1082 population).

Find the Q id with {{tool:searchEntities}}: several items can share a label, and the description
tells them apart. {{tool:getEntities}} reads labels, descriptions and aliases of up to 50 ids joined
with | and the English Wikipedia title under sitelinks.enwiki.

{{tool:getClaims}} answers claims.<P id>[], one statement each. The value is in
mainsnak.datavalue.value: a string, { id: "Q…" } for an item (look its label up with
{{tool:getEntities}}), { amount: "+3677472", unit } for a quantity, { time: "+1952-03-11T00:00:00Z",
precision } for a date (precision 11 = day, 10 = month, 9 = year) or { latitude, longitude } for
coordinates. rank "preferred" marks the current value when there are several (populations by year).`
}
