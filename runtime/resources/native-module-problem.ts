/**
 * What the server says when the query process cannot load better-sqlite3's native module. The one
 * case users meet (switching Node versions without reinstalling) is named as such, with the one
 * command that fixes it, instead of Node's five lines about NODE_MODULE_VERSION.
 */
import { dirname, sep } from 'node:path';

/** Node's major version for each NODE_MODULE_VERSION of a line we may meet. */
const NODE_OF_ABI: Readonly<Record<string, string>> = {
  93: '16',
  108: '18',
  115: '20',
  120: '21',
  127: '22',
  131: '23',
  137: '24',
  141: '25',
};

/**
 * The directory `npm rebuild` must run in for the package at `modulePath`: the one holding its
 * `node_modules`; undefined when it is not installed there (a bundle carrying it beside itself).
 */
function projectOf(modulePath: string): string | undefined {
  const marker = `${sep}node_modules${sep}better-sqlite3${sep}`;
  const at = modulePath.lastIndexOf(marker);
  return at < 0 ? undefined : modulePath.slice(0, at) || sep;
}

/** One line naming why better-sqlite3 at `modulePath` cannot be loaded, and the command that fixes it. */
export function nativeModuleProblem(
  message: string,
  modulePath: string,
  versions: NodeJS.ProcessVersions = process.versions,
): string {
  const built = /NODE_MODULE_VERSION (\d+)\.\s*This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/.exec(
    message,
  );
  const project = projectOf(modulePath);
  const fix =
    project === undefined
      ? `rebuild it with this Node (\`npm rebuild better-sqlite3\` where it was installed, then build again)`
      : `run \`npm rebuild better-sqlite3 --prefix ${JSON.stringify(project).slice(1, -1)}\` with this Node`;
  if (built) {
    const [, abi, wanted] = built;
    const line = NODE_OF_ABI[abi!] === undefined ? '' : `, Node ${NODE_OF_ABI[abi!]}`;
    return (
      `better-sqlite3 was built for another Node.js (NODE_MODULE_VERSION ${abi}${line}) than this server runs ` +
      `(Node ${versions.node}, NODE_MODULE_VERSION ${wanted ?? versions.modules}): ${fix}`
    );
  }
  const first = message.split('\n')[0]!.replace(dirname(modulePath), '…');
  return `better-sqlite3 cannot be loaded (${first}): ${fix}`;
}
