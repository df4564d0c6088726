/** Every rule about one tool, in reading order: fields, parameters, path, output, tests. */
import type { Reporter } from './reporter.ts';
import { isString } from './checks.ts';
import { checkParameter } from './parameters.ts';
import type { ListCatalog } from './primitive-options.ts';
import { checkToolPath } from './tool-paths.ts';
import { checkToolOutput } from './tool-output.ts';
import { checkToolTests } from './tool-tests.ts';
import { checkToolFields } from './tools.ts';
import { declaresBody } from './request-body-format.ts';

export function checkTool(
  name: string,
  tool: unknown,
  at: readonly (string | number)[],
  declared: ReadonlySet<string>,
  lists: ListCatalog,
  r: Reporter,
): void {
  if (!checkToolFields(name, tool, at, r)) return;
  const insertKeys = new Set<string>();
  const userKeys = new Set<string>();
  if (Array.isArray(tool.parameters)) {
    tool.parameters.forEach((parameter, i) => {
      const facts = checkParameter(name, parameter, [...at, 'parameters', i], declared, lists, r, declaresBody(tool));
      if (facts?.location === 'insert') insertKeys.add(facts.key);
      if (facts?.visible) userKeys.add(facts.key);
    });
  }
  if (isString(tool.path)) checkToolPath(name, tool.path, insertKeys, declared, [...at, 'path'], r);
  checkToolOutput(name, tool.output, [...at, 'output'], r);
  checkToolTests(name, tool.tests, userKeys, [...at, 'tests'], r);
}
