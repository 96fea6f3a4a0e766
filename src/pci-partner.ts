#!/usr/bin/env node
// The partner commands alone (`pci listen`, `pci trigger`): the entry of the single-file build the
// API serves at /downloads/pci.cjs (scripts/build-partner-cli.mjs). It imports no package.
import { runPartnerProcess } from './cli/partner/process';

runPartnerProcess(process.argv.slice(2));
