/**
 * `toolkit start` (what `npm start` runs): the whole project in one command, for a newcomer.
 * Builds the catalog into `generated/`, serves `generated/catalog.mjs` over Streamable HTTP on
 * loopback, and starts the validator UI with that server on its allowlist, then prints both URLs so
 * the page can validate the project's own server. Ctrl-C stops both.
 */
import { Command, Option } from 'clipanion';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { grantsText } from '../../runtime/secrets/grants.ts';
import { effectiveGrants } from '../project/grants.ts';
import { ToolkitCommand } from '../command-base.ts';
import { EXIT } from '../exit-codes.ts';
import { projectDirOf, projectOption, schemasOption } from '../options.ts';
import { locateCatalog } from '../project/catalog.ts';
import { readProjectFile } from '../project/config-file.ts';

/** A reason `toolkit start` cannot go on that the user can act on: printed as one line, exit 1. */
class StartError extends Error {}

/** Waits for the bundle to print its listening line; rejects with what it said if it exits first. */
function waitForListening(child: ChildProcess, stderrText: () => string): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const url = seen.match(/listening on (\S+)/)?.[1];
      if (url) {
        child.stdout?.off('data', onData);
        resolveUrl(url);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      const inUse = /EADDRINUSE/.test(stderrText());
      reject(
        new StartError(
          inUse
            ? 'the catalog server could not listen: its port is in use (choose another with --mcp-port N or MCP_PORT=N)'
            : `the catalog server exited (code ${code}) before listening`,
        ),
      );
    });
  });
}

export class StartCommand extends ToolkitCommand {
  static override paths = [['start']];
  static override valueNames = {
    '--port': 'PORT',
    '--mcp-port': 'PORT',
    '--schemas': 'DIR',
    '--out': 'DIR',
    '--project': 'DIR',
  };
  static override usage = Command.Usage({
    category: 'Build and serve',
    description: 'build the catalog, serve it over MCP on localhost and start the validator UI (what `npm start` runs)',
    details:
      'Ports: --mcp-port (default 4001, env MCP_PORT) for the catalog server and --port (default 4000, env PORT) for ' +
      'the validator; 0 picks a free port. Both bind 127.0.0.1. Ctrl-C (or SIGTERM) stops both.',
    examples: [
      ['Start everything', 'toolkit start'],
      ['On other ports', 'toolkit start --port 5000 --mcp-port 5001'],
    ],
  });

  port = Option.String('--port', process.env.PORT ?? '4000', {
    description: 'validator port (default 4000, env PORT)',
  });
  mcpPort = Option.String('--mcp-port', process.env.MCP_PORT ?? '4001', {
    description: 'catalog MCP server port (default 4001, env MCP_PORT)',
  });
  schemas = schemasOption();
  out = Option.String('--out', 'generated', { description: 'output directory (default generated)' });
  project = projectOption();

  async run(): Promise<number> {
    const { stdout, stderr } = this.context;
    const { buildOnce } = await import('../../compiler/build/run-build-command.ts');
    const { startValidator } = await import('../../validator-service/server.ts');
    const cwd = projectDirOf(this.project);
    const catalog = locateCatalog(cwd, this.schemas);
    // The same build and report as `toolkit build`: diagnostics, problems, the summary line.
    let built: number;
    try {
      built = await buildOnce(
        {
          schemasDir: catalog.dir,
          outDir: resolve(cwd, this.out),
          projectDir: cwd,
          activeTools: readProjectFile(cwd).tools,
        },
        { stdout, stderr, tty: Boolean((stderr as { isTTY?: boolean }).isTTY) },
      );
    } catch (error) {
      stderr.write(`toolkit start: the build failed: ${(error as Error).message}; nothing was started\n`);
      return EXIT.failed;
    }
    if (built !== 0) {
      stderr.write('toolkit start: the build failed; nothing was started\n');
      return built;
    }

    const bundle = resolve(cwd, this.out, 'catalog.mjs');
    // The bundle reads its grants from TOOLKIT_GRANTS: the project's, and those already in the environment.
    const grants = grantsText(effectiveGrants(cwd));
    const mcp = spawn(process.execPath, [bundle, '--http', `127.0.0.1:${this.mcpPort}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOOLKIT_GRANTS: grants },
    });
    let mcpErrors = '';
    mcp.stderr!.on('data', (chunk: Buffer) => {
      mcpErrors += chunk.toString();
      stderr.write(chunk);
    });
    let mcpUrl: string;
    let validator: Awaited<ReturnType<typeof startValidator>>;
    try {
      mcpUrl = await waitForListening(mcp, () => mcpErrors);
      validator = await startValidator({
        port: Number(this.port),
        host: '127.0.0.1',
        env: {
          ...process.env,
          VALIDATOR_ALLOW_HOSTS: [process.env.VALIDATOR_ALLOW_HOSTS, new URL(mcpUrl).host].filter(Boolean).join(','),
        },
      }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE')
          throw new StartError(`port ${this.port} is in use: choose another with --port N or PORT=N`);
        throw error;
      });
    } catch (error) {
      mcp.kill('SIGTERM');
      if (!(error instanceof StartError)) throw error;
      stderr.write(`toolkit start: ${error.message}\n`);
      return 1;
    }

    stdout.write(`\nMCP server (the catalog):  ${mcpUrl}\n`);
    stdout.write(`Validator UI:              ${validator.url}/\n`);
    stdout.write(`\nOpen the validator, paste the MCP URL and press Enter. Ctrl-C stops both.\n`);

    // The catalog server ends cleanly (code 0) on a signal; any other end is a crash, reported.
    const crashed = await new Promise<string | undefined>((done) => {
      const stop = () => done(undefined);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      mcp.once('exit', (code, signal) => done(code === 0 ? undefined : signal ? `signal ${signal}` : `code ${code}`));
    });
    mcp.kill('SIGTERM');
    await validator.close();
    if (crashed) {
      stderr.write(`toolkit start: the catalog server stopped (${crashed})\n`);
      return 1;
    }
    return 0;
  }
}
