#!/usr/bin/env node
// `pci` (`npm run cli -- …`): the operator commands (src/cli/), on the service's configuration and
// database, and the partner commands (src/cli/partner/: listen, trigger), which need only the
// API's URL and a token and so load none of the service's modules.
// First: sizes libuv's thread pool before anything starts it (see the module).
import './common/process/libuv-threadpool';
import { isPartnerCommand } from './cli/partner/program';
import { runPartnerProcess } from './cli/partner/process';

const argv = process.argv.slice(2);
if (isPartnerCommand(argv[0])) runPartnerProcess(argv);
else {
  // Loaded only for them: the service's modules, Nest and TypeORM take a while to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const operator = require('./cli/operator-process') as typeof import('./cli/operator-process');
  operator.runOperatorProcess(argv);
}
