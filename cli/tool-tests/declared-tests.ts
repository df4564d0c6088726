/**
 * The `tests` a schema declares for its tools, read statically like the rest of `main` (the schema is
 * never run): per tool, each test's `_description` and the user parameters it sets.
 */
import { readFileSync } from 'node:fs';
import { forget, parseModule } from '../../compiler/parse/source-file.ts';
import { readSchemaSource } from '../../compiler/parse/read-schema.ts';
import { isObject } from '../../runtime/is-object.ts';

export interface DeclaredTest {
  readonly description: string;
  /** The tool's input for this test: every key of the test object but `_description`. */
  readonly input: Readonly<Record<string, unknown>>;
}

type Obj = Record<string, unknown>;

/** Tool name → its declared tests, for one schema file (tools without tests are absent). */
export function readDeclaredTests(
  file: string,
  text: string = readFileSync(file, 'utf8'),
): Map<string, DeclaredTest[]> {
  const source = parseModule(file, text);
  try {
    const main = readSchemaSource(source).main;
    const out = new Map<string, DeclaredTest[]>();
    if (!isObject(main)) return out;
    const tools = isObject(main.tools) ? main.tools : isObject(main.routes) ? main.routes : {};
    for (const [name, tool] of Object.entries(tools)) {
      if (!isObject(tool) || !Array.isArray(tool.tests)) continue;
      const tests = (tool.tests as unknown[]).filter(isObject).map((test, index) => {
        const { _description, ...input } = test;
        return { description: typeof _description === 'string' ? _description : `test ${index + 1}`, input };
      });
      if (tests.length > 0) out.set(name, tests);
    }
    return out;
  } finally {
    forget(source);
  }
}
