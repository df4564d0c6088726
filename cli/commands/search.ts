/** `toolkit search <query…>`: finds tools in the catalog (at most 10, each with the command to add it). */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';
import { EXIT } from '../exit-codes.ts';
import { jsonOption, projectDirOf, projectOption, schemasOption } from '../options.ts';
import { join } from 'node:path';
import { SEARCH_INDEX_FILE } from '../../compiler/build/catalog-index-file.ts';
import { indexDirFor, loadIndex, locateCatalog, readPrimitivesFrom } from '../project/catalog.ts';
import { readSearchCandidates } from '../search-candidates.ts';
import { MAX_RESULTS, renderSearch, searchCatalog } from '../search-results.ts';

export class SearchCommand extends ToolkitCommand {
  static override paths = [['search']];
  static override valueNames = { '--limit': 'N', '--project': 'DIR', '--schemas': 'DIR' };
  static override usage = Command.Usage({
    category: 'Use tools',
    description:
      'find tools, resources and prompts in the catalog: at most 10, each with its kind, description and the ' +
      'command to use it',
    details: `
      Ranks every tool, resource, prompt and skill by its name, namespace, tags and description
      (words of names written in camelCase or snake_case count separately; a SQLite resource is also
      found by \`sqlite\`, its database and its queries). Each result shows its kind and how to use
      it: \`toolkit add <tool>\` for a tool; a resource or prompt is served by \`toolkit server\`
      with the whole catalog (while no tool is active). Uses the index that \`toolkit build\` writes
      to \`generated/\`; without one, the catalog's schemas are read now (slower).
    `,
    examples: [
      ['Find weather tools', 'toolkit search weather forecast'],
      ['The best three, as JSON', 'toolkit search earthquake --limit 3 --json'],
      ['SQLite resources', 'toolkit search sqlite'],
    ],
  });

  query = Option.Rest({ name: 'query', required: 1 });
  limit = Option.String('--limit', {
    description: `how many results at most (1 to ${MAX_RESULTS}, default ${MAX_RESULTS})`,
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(1, MAX_RESULTS)]),
  });
  json = jsonOption('the results');
  project = projectOption();
  schemas = schemasOption();

  async run(): Promise<number> {
    const query = this.query.join(' ').trim();
    if (query === '') throw new UsageMistake('give words to search for, e.g. `toolkit search weather`');
    const projectDir = projectDirOf(this.project);
    const catalog = locateCatalog(projectDir, this.schemas);
    const built = indexDirFor(projectDir, catalog);
    let search;
    try {
      search = built === undefined ? undefined : readSearchCandidates(join(built, SEARCH_INDEX_FILE), query);
    } catch {
      search = undefined; // an unreadable index: read the schemas instead
    }
    let primitives = search && built !== undefined ? readPrimitivesFrom(built) : [];
    if (!search) {
      const loaded = await loadIndex(projectDir, catalog, this.context.stderr);
      search = loaded.search;
      primitives = loaded.catalog.primitives ?? [];
    }
    this.context.stdout.write(
      renderSearch(query, searchCatalog(search, query, this.limit ?? MAX_RESULTS, primitives), this.json),
    );
    return EXIT.ok;
  }
}
