// One line of a settings list (the Sign-in methods and Security sections): what the setting is,
// what is set up, and its one action; below it, what it lists (each item with its own action) and
// the form its action opens.
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  /** What is set up, in words (a line that lists its items may leave this out). */
  status?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}

export function SettingLine({ title, status, action, children }: Props) {
  return (
    <li className="setting">
      <div className="setting-line">
        <h3 className="setting-title">{title}</h3>
        {status !== undefined && status !== null && <p className="setting-status">{status}</p>}
        {action}
      </div>
      {children}
    </li>
  );
}

/** A form a line's action opened: its first field takes the focus. */
export function OpenedForm({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, []);
  return (
    <div ref={box} className="setting-form">
      {children}
    </div>
  );
}
