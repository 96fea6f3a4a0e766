import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { sessionQuery, signOut } from '../api/session';

const route = getRouteApi('/signed-in');

/** The frame of every signed-in screen: the account, the sections, the user's menu. */
export function Shell() {
  const { session } = route.useRouteContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function leave(everywhere: boolean) {
    await signOut(everywhere);
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, null);
    await navigate({ to: '/sign-in', search: {} });
  }

  const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(' ');
  return (
    <div className="shell">
      <header className="topbar">
        <a className="skip" href="#content">
          Skip to content
        </a>
        <span className="brand">
          {session.client.name}
          {session.client.sandbox && <span className="badge">Sandbox</span>}
        </span>
        <nav aria-label="Sections">
          <Link to="/orders" activeProps={{ 'aria-current': 'page' }}>
            Orders
          </Link>
        </nav>
        <MenuTrigger>
          <Button className="user" aria-label={`Account of ${session.user.email}`}>
            {name || session.user.email}
          </Button>
          <Popover placement="bottom end">
            <Menu
              onAction={(key) => void leave(key === 'everywhere')}
              aria-label="Account"
              className="menu"
            >
              <MenuItem id="sign-out">Sign out</MenuItem>
              <MenuItem id="everywhere">Sign out everywhere</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </header>
      <main id="content" className="page">
        <Outlet />
      </main>
    </div>
  );
}
