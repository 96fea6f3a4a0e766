import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** A /api/sandbox helper called with a live client's token. */
export class SandboxOnly extends DomainError {
  constructor() {
    super(
      'SANDBOX_ONLY',
      ErrorKind.Forbidden,
      'The sandbox helpers answer sandbox clients only: call them with a sandbox token (pci_test_…). Live orders move only through their real routes.',
    );
  }
}
