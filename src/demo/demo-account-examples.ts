import type { ExampleContext, OperationExamples } from '../common/openapi/document-examples';
import { DEMO_CONSOLE_USER, DEMO_WEBHOOK_URL } from './demo-account';
import { DEMO_ID_PLACEHOLDERS, DemoIds } from './demo-example-ids';

/** The answer of an example that removes a demo row, when it runs again. */
const GONE = (what: string) => ({
  statuses: [404],
  why: `when it runs a second time (the first removed the demo's ${what}; a new start of the demo does not make it again)`,
});

/**
 * The examples that name the demo's account rows (DemoAccount) by their ids: those of `ids`, read
 * at run time, else the placeholders (the committed document's). By-name parameter examples, and
 * per operation (`id` names a different row in each).
 */
export function accountExamples(
  context: ExampleContext,
  given: Partial<DemoIds> = {},
): { parameters: Record<string, unknown>; operations: Record<string, OperationExamples> } {
  const ids = { ...DEMO_ID_PLACEHOLDERS, ...definedOf(given) };
  const endpoint = { parameters: { id: ids.webhookEndpointId } };
  return {
    parameters: { recipeUuid: ids.recipeUuid, userId: ids.userId, tokenId: ids.tokenId },
    operations: {
      inviteUser: {
        outcome: { statuses: [409], why: 'when it runs a second time (the address is a user)' },
      },
      // Revoking twice is no error (204 again), nor is withdrawing a share link twice.
      revokeShareLink: { parameters: { id: ids.shareLinkId } },
      addModerationWord: {
        outcome: { statuses: [409], why: 'when it runs a second time (the word is listed)' },
      },
      deleteModerationWord: {
        parameters: { id: ids.moderationWordId },
        outcome: GONE('word'),
      },
      unblockHash: { parameters: { id: ids.blockedHashId }, outcome: GONE('blocked hash') },
      createWebhookEndpoint: {
        body: {
          url: DEMO_WEBHOOK_URL,
          eventTypes: ['order.line_item.status_changed', 'print_files.ready'],
          description: 'ERP production',
        },
      },
      getWebhookEndpoint: endpoint,
      // Its event types only: the demo's endpoint stays disabled (see DemoAccount).
      updateWebhookEndpoint: {
        ...endpoint,
        body: { eventTypes: ['order.acknowledged', 'order.line_item.status_changed'] },
      },
      rotateWebhookSecret: endpoint,
      testWebhookEndpoint: endpoint,
      listWebhookDeliveries: endpoint,
      replayWebhookEvents: {
        ...endpoint,
        body: { since: new Date(context.now.getTime() - 86_400_000).toISOString() },
      },
      redeliverWebhook: { parameters: { id: ids.webhookDeliveryId } },
      // The console's session routes: a browser's, not a token's (docs/api/users.md).
      signIn: {
        body: {
          email: DEMO_CONSOLE_USER.email,
          password: 'the password in DATA_DIR/demo-password',
        },
        outcome: {
          statuses: [401],
          why: "as it stands: the demo console user's password is random, in the owner-only file the banner names; put it in the body to sign in",
        },
      },
      ...Object.fromEntries(
        ['getSession', 'signOutEverywhere'].map((id) => [
          id,
          {
            outcome: {
              statuses: [401],
              why: "with the API token Swagger UI sends: the route is about the console session a signed-in browser's cookie names",
            },
          },
        ]),
      ),
      deleteWebhookEndpoint: {
        parameters: { id: ids.removableWebhookEndpointId },
        outcome: GONE('second webhook endpoint'),
      },
    },
  };
}

function definedOf(ids: Partial<DemoIds>): Partial<DemoIds> {
  return Object.fromEntries(Object.entries(ids).filter(([, v]) => v !== undefined));
}
