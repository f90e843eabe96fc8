import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type RefObject,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** What a menu or popover loaded by `lazyPopup` takes besides its own props: open at once (the user asked for it). */
export interface LazyPopupProps {
  defaultOpen?: boolean;
}

/**
 * The props a menu's stand-in trigger spreads on its button: the trigger's ARIA state, and the handlers that load
 * and open the real menu. The stand-in looks exactly like the real trigger.
 */
export interface StandInTriggerProps {
  type: 'button';
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': false;
  'data-state': 'closed';
  'aria-busy'?: true;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onClick?: () => void;
}

/** The keys that open a menu from its trigger, as the menu primitive reads them. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

const closed = (popup: 'menu' | 'dialog'): StandInTriggerProps => ({
  type: 'button',
  'aria-haspopup': popup,
  'aria-expanded': false,
  'data-state': 'closed',
});

/** A popup whose code could not be fetched (offline, a new deployment) goes back to its stand-in. */
class LoadFailed extends Component<{ children: ReactNode; onFail: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Once the real menu is there, presses the key that asked for it again, on the real button: the menu opens as its
 * own trigger opens it from the keyboard (the first item focused, which a menu opened by `defaultOpen` does not do).
 */
function ReplayKey({ host, keyName }: { host: RefObject<HTMLSpanElement | null>; keyName: string }) {
  useEffect(() => {
    const button = host.current?.querySelector<HTMLButtonElement>('button[aria-haspopup]');
    if (!button) return;
    button.focus();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true }));
  }, [host, keyName]);
  return null;
}

/**
 * A menu or popover whose code (the primitive with its positioning and focus handling: the menus and the settings
 * popover of the first screen are about a tenth of the first load) is fetched when the user shows interest in it —
 * the pointer over its button, the focus on it — instead of with the page (docs/performance.md). Until the user
 * opens it, a stand-in button that looks the same is shown. Pressing it as the real trigger is pressed (a menu: a
 * primary pointer press, Enter, Space or ArrowDown; a popover: a click, which Enter and Space make too) mounts the
 * real one open, once the code is there; meanwhile the button is busy. From then on the real one stays, so every
 * later use is the primitive's own.
 */
export function lazyPopup<P extends object>(
  load: () => Promise<ComponentType<P & LazyPopupProps>>,
  StandIn: ComponentType<P & { trigger: StandInTriggerProps }>,
  popup: 'menu' | 'dialog' = 'menu',
): ComponentType<P> {
  const CLOSED = closed(popup);
  /** While the code is on its way after a press: busy, and further presses wait for it. */
  const LOADING: StandInTriggerProps = { ...CLOSED, 'aria-busy': true };
  let fetched: Promise<ComponentType<P & LazyPopupProps>> | undefined;
  const fetchCode = () =>
    (fetched ??= load().catch((error: unknown) => {
      // The next press tries again.
      fetched = undefined;
      throw error;
    }));
  const realMenu = () => lazy(async () => ({ default: await fetchCode() }));
  let Real = realMenu();

  function LazyPopup(props: P) {
    /** Null until the user asks for it; then how: a pointer or a click, or the key that was pressed. */
    const [opened, setOpened] = useState<null | { key?: string }>(null);
    const host = useRef<HTMLSpanElement>(null);
    if (opened) {
      const failed = () => {
        // A lazy component keeps its failure: the next attempt needs a new one.
        Real = realMenu();
        setOpened(null);
      };
      // `display: contents`: the span only lets ReplayKey find the real button; the layout sees the button alone.
      return (
        <span ref={host} className="contents">
          <LoadFailed onFail={failed}>
            <Suspense fallback={<StandIn {...props} trigger={LOADING} />}>
              <Real {...props} defaultOpen={opened.key === undefined} />
              {opened.key !== undefined && <ReplayKey host={host} keyName={opened.key} />}
            </Suspense>
          </LoadFailed>
        </span>
      );
    }
    const open = (key?: string) => {
      void fetchCode();
      setOpened({ key });
    };
    const interest = { onPointerEnter: () => void fetchCode(), onFocus: () => void fetchCode() };
    // A popover's trigger opens on click, which Enter and Space make too, and its content takes the focus either way.
    if (popup === 'dialog') {
      return <StandIn {...props} trigger={{ ...CLOSED, ...interest, onClick: () => open() }} />;
    }
    const trigger: StandInTriggerProps = {
      ...CLOSED,
      ...interest,
      onPointerDown: (event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As the real trigger does: the focus goes into the menu, not onto the button.
        event.preventDefault();
        open();
      },
      onKeyDown: (event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        open(event.key);
      },
    };
    return <StandIn {...props} trigger={trigger} />;
  }
  LazyPopup.displayName = `LazyPopup(${StandIn.displayName ?? StandIn.name})`;
  return LazyPopup;
}
