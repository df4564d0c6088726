import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { ToolkitCommand } from '../command-base.ts';
import { UsageMistake } from '../errors.ts';

/** `toolkit validator`: starts the agent endpoint validator (UI, JSON API and `/mcp`) until interrupted. */
export class ValidatorCommand extends ToolkitCommand {
  static override paths = [['validator']];
  static override valueNames = {
    '--port': 'PORT',
    '--host': 'HOST',
    '--watch': 'FILE',
    '--every': 'INTERVAL',
    '--webhook': 'URL',
  };
  static override usage = Command.Usage({
    category: 'Build and serve',
    description: 'start the agent endpoint validator service (browser UI, JSON API, MCP face)',
    details:
      'Binds 127.0.0.1 unless --host is given. The port is --port, else $PORT, else 4000. Configuration (API_TOKEN, ' +
      'VALIDATOR_ALLOW_HOSTS, limits) comes from environment variables; see docs/validator-api.md.',
    examples: [
      ['Start on the default port', 'toolkit validator'],
      ['Allow a local peer', 'VALIDATOR_ALLOW_HOSTS=127.0.0.1:3000 toolkit validator --port 4100'],
      [
        'Watch endpoints hourly, drift to a webhook',
        'toolkit validator --watch urls.txt --every 1h --webhook https://hooks.example/drift',
      ],
    ],
  });

  port = Option.String('--port', {
    description: 'port to listen on (0 picks a free one)',
    validator: t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(0, 65535)]),
  });
  host = Option.String('--host', { description: 'interface to bind (default 127.0.0.1)' });
  watch = Option.String('--watch', {
    description: 're-assess the URLs in this file (one a line) on the schedule of --every',
  });
  every = Option.String('--every', {
    description: 'how often watched URLs are re-assessed: 90s, 15m, 1h, 1d (default 1h)',
  });
  webhook = Option.String('--webhook', { description: 'POST each drift event to this URL (through the SSRF guard)' });

  async run(): Promise<number> {
    const watch = await this.watchOptions();
    const { startValidator } = await import('../../validator-service/server.ts');
    const { ConfigError } = await import('../../validator-service/config.ts');
    const envPort = process.env['PORT'];
    let port = this.port ?? 4000;
    if (this.port === undefined && envPort !== undefined && envPort !== '') {
      port = Number(envPort);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        this.context.stderr.write(
          `toolkit validator: PORT must be an integer between 0 and 65535 (got "${envPort}")\n`,
        );
        return 1;
      }
    }
    try {
      const host = this.host ? { host: this.host } : {};
      const running = await startValidator({ port, ...host, env: process.env, watch });
      const { config } = running;
      this.context.stdout.write(`validator listening on ${running.url}\n`);
      this.context.stdout.write(`  UI ${running.url}/   API ${running.url}/api/validate   MCP ${running.url}/mcp\n`);
      this.context.stdout.write(
        `  auth: ${config.apiToken ? 'API_TOKEN required' : 'open (API_TOKEN not set)'}; allowed hosts: ` +
          `${config.allowList.entries.join(', ') || 'none'}\n`,
      );
      if (running.watcher) {
        const { formatEvery } = await import('../../validator-service/watch/schedule.ts');
        const { everyMs, fileUrls } = running.watcher;
        const webhook = (watch.webhook ?? config.watch.webhook)?.origin ?? 'none';
        this.context.stdout.write(
          `  watch: ${fileUrls.length} URL(s) from the file and those registered at ` +
            '/api/watch, ' +
            `every ${formatEvery(everyMs)}; webhook: ${webhook}\n`,
        );
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await running.close();
      return 0;
    } catch (error) {
      if (error instanceof ConfigError) {
        this.context.stderr.write(`toolkit validator: ${error.message}\n`);
        return 1;
      }
      const code = (error as { code?: string }).code;
      if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
        this.context.stderr.write(
          `toolkit validator: cannot listen on ${this.host ?? '127.0.0.1'}:${port} (${code})\n`,
        );
        return 1;
      }
      throw error;
    }
  }

  /** `--watch`, `--every`, `--webhook` checked before anything starts (usage mistakes: exit 2). */
  private async watchOptions(): Promise<import('../../validator-service/watch/configured-watcher.ts').WatchOptions> {
    if (this.watch === undefined && this.every === undefined && this.webhook === undefined) return {};
    const settings = await import('../../validator-service/watch/watch-config.ts');
    const { readWatchFile } = await import('../../validator-service/watch/watch-file.ts');
    try {
      // Without --every the environment's VALIDATOR_WATCH_EVERY applies (read with the config), else 1h.
      const fromEnv = Boolean(process.env['VALIDATOR_WATCH_EVERY']?.trim());
      const everyMs =
        this.every !== undefined ? settings.parseEverySetting(this.every, '--every') : fromEnv ? undefined : 3_600_000;
      const urls = this.watch === undefined ? [] : readWatchFile(this.watch);
      const webhook = this.webhook === undefined ? undefined : settings.parseWebhookUrl(this.webhook, '--webhook');
      return { urls, ...(everyMs !== undefined ? { everyMs } : {}), ...(webhook ? { webhook } : {}) };
    } catch (error) {
      if (error instanceof settings.WatchSettingError) throw new UsageMistake(error.message);
      throw error;
    }
  }
}
