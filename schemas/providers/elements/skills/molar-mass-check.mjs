export const skill = {
    name: 'molar-mass-check',
    version: 'toolkit-skill/1.0.0',
    description: 'Recomputes the molar mass of a compound from its formula and the periodic table, and compares it with the molecular weight PubChem reports.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'getCompoundProperties' ],
        resources: [ 'elements' ],
        external: []
    },
    input: [
        { key: 'compound', type: 'string', description: 'Common name of the compound, e.g. aspirin', required: true },
        { key: 'decimals', type: 'number', description: 'Decimal places in the answer', required: false }
    ],
    output: 'The formula, the molar mass summed from atomic weights, the PubChem value and their difference.',
    content: `Check the molar mass of {{input:compound}}.

1. Call {{tool:getCompoundProperties}} with the name {{input:compound}} and note the molecular formula and
   the molecular weight PubChem gives.
2. Split the formula into element symbols and counts (a symbol is one capital letter, optionally
   followed by one lower-case letter; a missing count means 1).
3. For each symbol, read its atomic weight from {{resource:elements}} with the elementBySymbol query. If
   an element has no standard atomic weight, say so and stop.
4. Multiply each weight by its count and add them up.
5. Answer with the formula, your sum and PubChem's value, both rounded to {{input:decimals}} decimal
   places (2 when not given), and the difference between them. A difference above 0.01 g/mol usually
   means the formula was read wrongly: read it again before answering.`
}
