// The operator commands as the process (src/cli.ts loads this module only for them): Nest's
// decorators need reflect-metadata before any module is loaded.
import 'reflect-metadata';
import { main } from './program';

export function runOperatorProcess(argv: string[]): void {
  void main(argv).then((code) => process.exit(code));
}
