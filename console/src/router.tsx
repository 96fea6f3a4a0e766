import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { sessionQuery } from './api/session';
import { NotFound, RouteError } from './components/notices';
import { parseOrdersSearch } from './routes/orders-search';
import { Shell } from './routes/shell';
import { SignInPage } from './routes/sign-in';

interface RouterContext {
  queryClient: QueryClient;
}

const root = createRootRouteWithContext<RouterContext>()({
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

const signIn = createRoute({
  getParentRoute: () => root,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' && search.next.startsWith('/') ? { next: search.next } : {},
  component: SignInPage,
});

/** Every other screen needs a session: without one, the sign-in page (and back here after). */
const signedIn = createRoute({
  getParentRoute: () => root,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/sign-in', search: { next: location.href } });
    return { session };
  },
  component: Shell,
});

const home = createRoute({
  getParentRoute: () => signedIn,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/orders' });
  },
});

export const ordersRoute = createRoute({
  getParentRoute: () => signedIn,
  path: 'orders',
  validateSearch: parseOrdersSearch,
  // Each screen's code loads when it is first opened (the sign-in page needs none of it).
  component: lazyRouteComponent(() => import('./routes/orders'), 'OrdersPage'),
});

export const orderRoute = createRoute({
  getParentRoute: () => signedIn,
  path: 'orders/$purchaseOrderNumber',
  component: lazyRouteComponent(() => import('./routes/order'), 'OrderPage'),
});

const routeTree = root.addChildren([signIn, signedIn.addChildren([home, ordersRoute, orderRoute])]);

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/console',
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
