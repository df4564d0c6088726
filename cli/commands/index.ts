/** Every `toolkit` command. One file per command; register it here. */
import type { CommandClass } from 'clipanion';
import { BuildCommand } from './build.ts';
import { InitProviderCommand } from './init-provider.ts';
import { ServerCommand } from './server.ts';
import { StartCommand } from './start.ts';
import { TestSingleCommand } from './test-single.ts';
import { ValidateCommand } from './validate.ts';
import { ValidatorCommand } from './validator.ts';

export const commands: CommandClass[] = [
  ValidateCommand,
  ServerCommand,
  BuildCommand,
  ValidatorCommand,
  StartCommand,
  TestSingleCommand,
  InitProviderCommand,
];
