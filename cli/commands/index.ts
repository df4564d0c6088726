/** Every `toolkit` command, in the order `toolkit --help` lists them. One file per command; register it here. */
import type { CommandClass } from 'clipanion';
import { AddCommand } from './add.ts';
import { AssessCommand } from './assess.ts';
import { ImportOpenapiCommand } from './import-openapi.ts';
import { BuildCommand } from './build.ts';
import { CallCommand } from './call.ts';
import { GrantCommand } from './grant.ts';
import { InitCommand } from './init.ts';
import { ListCommand } from './list.ts';
import { MigrateCommand } from './migrate.ts';
import { MigrateFixCommand } from './migrate-fix-command.ts';
import { ModeCommand } from './mode.ts';
import { RemoveCommand } from './remove.ts';
import { SearchCommand } from './search.ts';
import { ServerCommand } from './server.ts';
import { StartCommand } from './start.ts';
import { StatusCommand } from './status.ts';
import { TestSingleCommand } from './test-single.ts';
import { ValidateAgentCommand } from './validate-agent.ts';
import { ValidateCommand } from './validate.ts';
import { ValidatorCommand } from './validator.ts';

export const commands: CommandClass[] = [
  SearchCommand,
  AddCommand,
  CallCommand,
  RemoveCommand,
  GrantCommand,
  ListCommand,
  StatusCommand,
  BuildCommand,
  ServerCommand,
  StartCommand,
  ValidatorCommand,
  AssessCommand,
  ModeCommand,
  ValidateCommand,
  ValidateAgentCommand,
  TestSingleCommand,
  MigrateCommand,
  MigrateFixCommand,
  ImportOpenapiCommand,
  InitCommand,
];
