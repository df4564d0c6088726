#!/usr/bin/env node
// The `toolkit` command. Sources are TypeScript; tsx compiles them on the fly (generated bundles
// under generated/ do not need this: they are plain JavaScript).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
