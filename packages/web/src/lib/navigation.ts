type Go = (to: string) => void;

// Until the router mounts, fall back to a full page load.
let go: Go = (to) => window.location.assign(to);

/** Navigation for code outside React (the API client's go-to-login). The root layout plugs the router in. */
export const appNavigation = {
  go: (to: string) => go(to),
  set(fn: Go) {
    go = fn;
  },
};
