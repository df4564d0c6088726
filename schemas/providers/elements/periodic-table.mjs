export const main = {
    namespace: 'elements',
    name: 'PeriodicTable',
    description: 'The 118 chemical elements from a bundled SQLite table (weights, groups, periods, blocks, categories, phases), with compound formulas and molecular weights from PubChem.',
    version: '3.0.0',
    docs: [ 'https://pubchem.ncbi.nlm.nih.gov/docs/pug-rest', 'https://iupac.qmul.ac.uk/AtWt/' ],
    tags: [ 'chemistry', 'reference', 'offline' ],
    root: 'https://pubchem.ncbi.nlm.nih.gov/rest/pug',
    tools: {
        getCompoundProperties: {
            method: 'GET',
            path: '/compound/name/{{name}}/property/MolecularFormula,MolecularWeight,IUPACName/JSON',
            description: 'Molecular formula, molecular weight (g/mol) and IUPAC name of a compound looked up by a common name such as aspirin or sodium chloride (PubChem).',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'A drug by its common name', name: 'aspirin' },
                { _description: 'A salt', name: 'sodium chloride' },
                { _description: 'A gas', name: 'carbon dioxide' }
            ]
        },
        getCompoundSynonyms: {
            method: 'GET',
            path: '/compound/name/{{name}}/synonyms/JSON',
            description: 'Other names PubChem knows for a compound (trade names, systematic names, registry numbers).',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'Synonyms of caffeine', name: 'caffeine' },
                { _description: 'Synonyms of water', name: 'water' },
                { _description: 'Synonyms of ethanol', name: 'ethanol' }
            ]
        }
    },
    resources: {
        elements: {
            source: 'sqlite',
            database: 'periodic-table.db',
            origin: 'inline',
            description: 'The 118 chemical elements: atomic number, symbol, name, standard atomic weight, period, group, block, category, phase and whether a stable isotope exists.',
            queries: {
                getSchema: {
                    sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
                    description: 'Table names and their CREATE statements.',
                    parameters: {},
                    output: { columns: [ 'name', 'sql' ] }
                },
                elementBySymbol: {
                    sql: 'SELECT atomic_number, symbol, name, atomic_weight, period, group_number, block, category, phase, stable_isotopes FROM elements WHERE symbol = ?',
                    description: 'One element by its symbol (case-sensitive, e.g. Fe).',
                    parameters: {
                        symbol: { type: 'string', required: true, description: 'Element symbol such as Fe or Na' }
                    },
                    output: { columns: [ 'atomic_number', 'symbol', 'name', 'atomic_weight', 'period', 'group_number', 'block', 'category', 'phase', 'stable_isotopes' ] }
                },
                elementByNumber: {
                    sql: 'SELECT atomic_number, symbol, name, atomic_weight, period, group_number, block, category, phase, stable_isotopes FROM elements WHERE atomic_number = ?',
                    description: 'One element by its atomic number (1 to 118).',
                    parameters: {
                        atomicNumber: { type: 'number', required: true, description: 'Atomic number from 1 to 118' }
                    },
                    output: { columns: [ 'atomic_number', 'symbol', 'name', 'atomic_weight', 'period', 'group_number', 'block', 'category', 'phase', 'stable_isotopes' ] }
                },
                elementsInGroup: {
                    sql: 'SELECT atomic_number, symbol, name, atomic_weight, period, category FROM elements WHERE group_number = ? ORDER BY atomic_number',
                    description: 'The elements of one group (1 to 18), lightest first; lanthanides and actinides have no group here.',
                    parameters: {
                        group: { type: 'number', required: true, description: 'Group number from 1 to 18' }
                    },
                    output: { columns: [ 'atomic_number', 'symbol', 'name', 'atomic_weight', 'period', 'category' ] }
                },
                elementsInPeriod: {
                    sql: 'SELECT atomic_number, symbol, name, group_number, block, category FROM elements WHERE period = ? ORDER BY atomic_number',
                    description: 'The elements of one period (row 1 to 7).',
                    parameters: {
                        period: { type: 'number', required: true, description: 'Period from 1 to 7' }
                    },
                    output: { columns: [ 'atomic_number', 'symbol', 'name', 'group_number', 'block', 'category' ] }
                },
                elementsByCategory: {
                    sql: 'SELECT atomic_number, symbol, name, atomic_weight, phase FROM elements WHERE category = ? ORDER BY atomic_number',
                    description: 'The elements of one category: alkali metal, alkaline earth metal, transition metal, post-transition metal, metalloid, nonmetal, halogen, noble gas, lanthanide or actinide.',
                    parameters: {
                        category: { type: 'string', required: true, description: 'Category such as noble gas or transition metal' }
                    },
                    output: { columns: [ 'atomic_number', 'symbol', 'name', 'atomic_weight', 'phase' ] }
                },
                searchByName: {
                    sql: "SELECT atomic_number, symbol, name FROM elements WHERE name LIKE '%' || ? || '%' ORDER BY atomic_number",
                    description: 'Elements whose English (IUPAC) name contains the given text, case-insensitive.',
                    parameters: {
                        text: { type: 'string', required: true, description: 'Part of a name, e.g. ium' }
                    },
                    output: { columns: [ 'atomic_number', 'symbol', 'name' ] }
                }
            }
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    },
    skills: {
        'molar-mass-check': { file: './skills/molar-mass-check.mjs' }
    }
}
