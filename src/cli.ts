#!/usr/bin/env node
// The operator CLI (`pci`, `npm run cli -- …`): its commands are in src/cli/.
// First: sizes libuv's thread pool before anything starts it (see the module).
import './common/process/libuv-threadpool';
import 'reflect-metadata';
import { main } from './cli/program';

void main(process.argv.slice(2)).then((code) => process.exit(code));
