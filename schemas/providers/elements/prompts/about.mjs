export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'elements',
    description: 'What the periodic table resource holds, what the PubChem tools add, and where each ends.',
    dependsOn: [ 'elements.getCompoundProperties', 'elements.getCompoundSynonyms' ],
    references: [],
    content: `The elements provider combines an offline periodic table with two online compound lookups.

{{resource:elements}} is a read-only SQLite table of all 118 elements, served with the server: atomic
number, symbol, IUPAC name (aluminium, caesium, sulfur), standard atomic weight, period, group, block,
category and phase at 0 °C. Its queries look elements up by symbol, number, group, period, category or
part of the name; getSchema shows the table, and freeQuery runs any read-only SELECT on it.

The atomic weight is IUPAC's abridged standard value. It is empty for elements that have none: those
without a stable isotope and a characteristic isotopic composition (technetium, promethium and most
elements from polonium on). Lanthanides and actinides have no group number in this table.

{{tool:getCompoundProperties}} asks PubChem for the molecular formula, molecular weight and IUPAC name of
a compound given by a common name; {{tool:getCompoundSynonyms}} lists the other names PubChem knows.
Both need the network; the table does not. Names PubChem does not know come back as an error.`
}
