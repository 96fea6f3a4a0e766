import { ErrorKind, invalidField, ValidationFailed } from './domain-error';

describe('invalidField', () => {
  it('is a 400 VALIDATION_FAILED naming the field in the message and in its errors', () => {
    const e = invalidField('includeUploadedAssets', 'must be true or false');
    expect(e).toBeInstanceOf(ValidationFailed);
    expect(e).toMatchObject({
      code: 'VALIDATION_FAILED',
      kind: ErrorKind.BadRequest,
      message: 'Invalid request: includeUploadedAssets must be true or false.',
      fields: [
        { field: 'includeUploadedAssets', message: 'includeUploadedAssets must be true or false' },
      ],
    });
  });
});
