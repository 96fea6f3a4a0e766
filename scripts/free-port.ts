/**
 * Prints a free loopback port (scripts/lib/ports.ts: below the ephemeral range) for the shell
 * scripts that start servers. Usage: node dist/scripts/free-port.js
 */
import { freePort } from './lib/ports';

void freePort().then((port) => process.stdout.write(`${port}\n`));
