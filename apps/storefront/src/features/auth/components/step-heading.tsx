import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A step's heading. When the step replaces another one it takes the focus, so keyboard and
 * screen-reader users start reading at the new step rather than at the top of the page.
 */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step opens
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} className="account-heading" tabIndex={-1}>
      {children}
    </h2>
  );
}
