/** The associated data of an endpoint's encrypted secrets (FieldCipher). */
export function secretContext(
  endpointId: string,
  which: 'current' | 'previous' = 'current',
): string {
  return which === 'current'
    ? `webhook-secret:${endpointId}`
    : `webhook-secret:${endpointId}:previous`;
}
