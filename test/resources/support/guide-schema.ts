/**
 * A small provider written by the tests that uses every placeholder kind: a prompt with tool,
 * resource and input placeholders, a skill that inlines another skill (which has its own input) and
 * takes string, number, boolean and enum inputs, one tool (never called) and one inline resource.
 */
import type { Workspace } from './workspace.ts';

export const GUIDE_SQL = `CREATE TABLE notes (id INTEGER PRIMARY KEY, topic TEXT NOT NULL, body TEXT NOT NULL);
INSERT INTO notes (topic, body) VALUES ('a', 'first'), ('b', 'second'), ('a', 'third');`;

const schema =
  `export const main = {
    namespace: 'guide',
    name: 'Guide',
    description: 'A provider of the tests with a prompt, two skills, a tool and a resource.',
    version: '3.0.0',
    root: 'https://api.guide.example',
    tools: {
        lookUp: {
            method: 'GET',
            path: '/look-up',
            description: 'Looks something up.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [] } }
            ]
        }
    },
    resources: {
        notes: {
            source: 'sqlite',
            database: 'guide.db',
            origin: 'inline',
            description: 'Notes by topic.',
            queries: {
                getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", ` +
  `description: 'Tables.', parameters: {} },
                byTopic: {
                    sql: 'SELECT id, body FROM notes WHERE topic = ? ORDER BY id',
                    description: 'Notes of one topic.',
                    parameters: { topic: { type: 'string', required: true } }
                }
            }
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    },
    skills: {
        'plan-trip': { file: './skills/plan-trip.mjs' },
        'pack-bag': { file: './skills/pack-bag.mjs' }
    }
}
`;

const about = `export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'guide',
    description: 'What the guide offers.',
    dependsOn: [ 'guide.lookUp' ],
    references: [],
    content: 'Use {{tool:lookUp}} and read {{resource:notes}} about {{input:topic}}.'
}
`;

const planTrip =
  `export const skill = {
    name: 'plan-trip',
    version: 'toolkit-skill/1.0.0',
    description: 'Plans a trip.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: { tools: [ 'lookUp' ], resources: [ 'notes' ], external: [] },
    input: [
        { key: 'city', type: 'string', description: 'Where to go', required: true },
        { key: 'days', type: 'number', description: 'How long', required: true },
        { key: 'budget', type: 'boolean', description: 'Cheap or not', required: false },
        { key: 'season', type: 'enum', values: [ 'summer', 'winter' ], description: 'When', required: false }
    ],
    output: 'A plan.',
    content: 'Plan {{input:days}} days in {{input:city}} ({{input:season}}, budget {{input:budget}}). Call ` +
  `{{tool:lookUp}}, read {{resource:notes}}. Then: {{skill:pack-bag}}'
}
`;

const packBag = `export const skill = {
    name: 'pack-bag',
    version: 'toolkit-skill/1.0.0',
    description: 'Packs a bag.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: { tools: [], resources: [], external: [] },
    input: [
        { key: 'bagSize', type: 'string', description: 'Bag size', required: false },
        { key: 'city', type: 'string', description: 'Where the bag goes', required: true }
    ],
    output: 'A list.',
    content: 'Pack a {{input:bagSize}} bag for {{input:city}}.'
}
`;

/** Writes the guide provider (and its database) under `providers/guide/` of the workspace's schemas. */
export function writeGuide(workspace: Workspace): void {
  workspace.write('schemas/providers/guide/guide.mjs', schema);
  workspace.write('schemas/providers/guide/prompts/about.mjs', about);
  workspace.write('schemas/providers/guide/skills/plan-trip.mjs', planTrip);
  workspace.write('schemas/providers/guide/skills/pack-bag.mjs', packBag);
  workspace.database('schemas/providers/guide/data/guide.db', GUIDE_SQL);
}
