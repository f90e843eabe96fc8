import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { appNavigation } from '../lib/navigation';

/** Lets code outside React (the API client's go-to-login, logout) navigate inside the router. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    appNavigation.set((to) => void navigate(to, { replace: true }));
  }, [navigate]);
  return <Outlet />;
}
