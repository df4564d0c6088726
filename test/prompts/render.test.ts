/**
 * Prompts and skills as a runtime serves them, on models the front end loaded from real files:
 * names on the wire, arguments, every placeholder kind rendered (a tool's wire name, a resource's
 * URI, an inlined skill, an input), placeholders that do not resolve, a value that looks like a
 * placeholder (never expanded), a cycle a hand-made model sneaks past the compiler, and the checks
 * on arguments.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { createRuntime, type Runtime } from '../../runtime/create-runtime.ts';
import type { SchemaModel, SkillModel } from '../../runtime/model.ts';
import { InvalidArgumentsError, PromptNotFoundError } from '../../runtime/served-primitives.ts';
import { schema as schemaModel } from '../runtime/support/models.ts';
import { writeGuide } from '../resources/support/guide-schema.ts';
import { createWorkspace, type Workspace } from '../resources/support/workspace.ts';

const test = suite('prompts and skills');
let workspace: Workspace;
let guide: SchemaModel;
let runtime: Runtime;

test.before(() => {
  workspace = createWorkspace('prompts');
  writeGuide(workspace);
  const loaded = loadSchemaFile(workspace.path('schemas', 'providers', 'guide', 'guide.mjs'));
  assert.ok(loaded.model, JSON.stringify(loaded.diagnostics));
  guide = loaded.model!;
  // A second provider whose skill refers to the guide's tool by its full id, and to tools that do not exist.
  const other = schemaModel('atlas', [], {
    skills: [
      skill(
        'route',
        'Ask {{tool:guide/tool/lookUp}}, not {{tool:guide/tool/missing}} nor {{tool:nowhere}}; read ' +
          '{{resource:maps}}; {{unknown:thing}} stays.',
      ),
    ],
  });
  runtime = createRuntime({ schemas: [guide, other], serverParams: {} });
});

test.after(async () => {
  await runtime?.close();
  workspace?.remove();
});

function skill(name: string, content: string, input: SkillModel['input'] = []): SkillModel {
  return { name, description: `${name} skill`, content, input, requires: { tools: [], resources: [], external: [] } };
}

const text = async (runtime: Runtime, name: string, args?: Record<string, string>): Promise<string> => {
  const result = await runtime.prompts!.get(name, args);
  assert.is(result.messages.length, 1);
  assert.is(result.messages[0]!.role, 'user');
  return result.messages[0]!.content.text;
};

test('listed with wire names and arguments', () => {
  const prompts = runtime.prompts!.prompts;
  assert.equal(
    prompts.map((p) => p.name),
    ['about_guide', 'plan_trip_guide', 'pack_bag_guide', 'route_atlas'],
  );
  assert.equal(prompts[0]!.arguments, [
    { name: 'topic', description: 'fills {{input:topic}} in the text', required: false },
  ]);
  assert.equal(prompts[1]!.arguments, [
    { name: 'city', description: 'Where to go (string)', required: true },
    { name: 'days', description: 'How long (number)', required: true },
    { name: 'budget', description: 'Cheap or not (boolean)', required: false },
    { name: 'season', description: 'When (one of summer, winter)', required: false },
    { name: 'bagSize', description: 'Bag size (string)', required: false },
  ]);
  assert.is(prompts[1]!.description, 'Plans a trip. Result: A plan.');
  assert.is(prompts[3]!.arguments, undefined);
});

test('every placeholder kind renders: tool wire name, resource URI, inlined skill, input', async () => {
  assert.is(
    await text(runtime, 'about_guide', { topic: 'rain' }),
    'Use look_up_guide and read toolkit://guide/notes about rain.',
  );
  assert.is(await text(runtime, 'about_guide'), 'Use look_up_guide and read toolkit://guide/notes about <topic>.');
  assert.is(
    await text(runtime, 'plan_trip_guide', {
      city: 'Lima',
      days: '4',
      budget: 'true',
      season: 'summer',
      bagSize: 'big',
    }),
    'Plan 4 days in Lima (summer, budget true). Call look_up_guide, read toolkit://guide/notes. Then: Pack a big ' +
      'bag for Lima.',
  );
  assert.is(await text(runtime, 'pack_bag_guide', { city: 'Quito' }), 'Pack a <bagSize> bag for Quito.');
});

test('references across providers resolve; what does not resolve stays readable', async () => {
  assert.is(
    await text(runtime, 'route_atlas'),
    'Ask look_up_guide, not guide/tool/missing nor nowhere; read maps; {{unknown:thing}} stays.',
  );
});

test('an argument that looks like a placeholder is inserted as written, never expanded', async () => {
  assert.is(
    await text(runtime, 'about_guide', { topic: '{{tool:lookUp}} and {{input:topic}}' }),
    'Use look_up_guide and read toolkit://guide/notes about {{tool:lookUp}} and {{input:topic}}.',
  );
});

test('arguments are checked: unknown, missing, wrong type, not in the enum, too long; unknown prompt', async () => {
  const rejects = async (call: Promise<unknown>, kind: new (...args: never[]) => Error, pattern: RegExp) => {
    try {
      await call;
      assert.unreachable('should have been refused');
    } catch (error) {
      assert.instance(error, kind);
      assert.match((error as Error).message, pattern);
    }
  };
  await rejects(
    runtime.prompts!.get('plan_trip_guide', { city: 'Lima' }),
    InvalidArgumentsError,
    /needs the argument days/,
  );
  await rejects(
    runtime.prompts!.get('plan_trip_guide', { city: 'Lima', days: '2', colour: 'red' }),
    InvalidArgumentsError,
    /no argument "colour"/,
  );
  await rejects(
    runtime.prompts!.get('plan_trip_guide', { city: 'Lima', days: 'two' }),
    InvalidArgumentsError,
    /days must be a number/,
  );
  await rejects(
    runtime.prompts!.get('plan_trip_guide', { city: 'Lima', days: '2', budget: 'yes' }),
    InvalidArgumentsError,
    /budget must be true or false/,
  );
  await rejects(
    runtime.prompts!.get('plan_trip_guide', { city: 'Lima', days: '2', season: 'autumn' }),
    InvalidArgumentsError,
    /one of summer, winter/,
  );
  await rejects(
    runtime.prompts!.get('about_guide', { topic: 'x'.repeat(10_001) }),
    InvalidArgumentsError,
    /longer than 10000/,
  );
  await rejects(runtime.prompts!.get('route_atlas', { any: 'x' }), InvalidArgumentsError, /takes none/);
  await rejects(runtime.prompts!.get('nothing_here', {}), PromptNotFoundError, /Unknown prompt: nothing_here/);
});

test('a skill cycle that reaches the runtime anyway (hand-made model) renders once, not forever', async () => {
  const looped = schemaModel('loop', [], {
    skills: [skill('a', 'A then {{skill:b}}'), skill('b', 'B then {{skill:a}}')],
  });
  const looping = createRuntime({ schemas: [looped], serverParams: {} });
  try {
    assert.is(await text(looping, 'a_loop'), 'A then B then a');
    assert.is(await text(looping, 'b_loop'), 'B then A then b');
  } finally {
    await looping.close();
  }
});

test('a prompt and a skill with the same name in one namespace both keep a distinct name', () => {
  const twin = schemaModel('twin', [], {
    prompts: [{ name: 'about', description: 'p', content: 'prompt', dependsOn: [] }],
    skills: [skill('about', 'skill')],
  });
  const twins = createRuntime({ schemas: [twin], serverParams: {} });
  const names = twins.prompts!.prompts.map((p) => p.name);
  assert.is(new Set(names).size, 2);
  assert.ok(
    names.every((n) => /^about_twin_[0-9a-f]{6}$/.test(n)),
    names.join(', '),
  );
  void twins.close();
});

test('a runtime without prompts or skills offers no prompt provider at all', async () => {
  const bare = createRuntime({ schemas: [schemaModel('bare', [])], serverParams: {} });
  assert.is(bare.prompts, undefined);
  assert.is(bare.resources, undefined);
  await bare.close();
});

test.run();
