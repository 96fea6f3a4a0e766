import { partnerMain } from './program';

/**
 * Runs a partner command as the process: SIGINT and SIGTERM stop `pci listen` cleanly (it saves
 * its place and exits 0); a second signal ends the process at once (exit 130).
 */
export function runPartnerProcess(argv: string[]): void {
  const stopping = new AbortController();
  const onSignal = () => {
    if (stopping.signal.aborted) process.exit(130);
    stopping.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  void partnerMain(argv, undefined, stopping.signal).then((code) => process.exit(code));
}
