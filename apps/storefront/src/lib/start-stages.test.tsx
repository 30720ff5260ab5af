import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AtStartStage, beginStagedStart, StartStage } from './start-stages.ts';

function Page() {
  return (
    <>
      <p>header</p>
      <AtStartStage stage={StartStage.catalog}>
        <p>catalog</p>
      </AtStartStage>
      <AtStartStage stage={StartStage.rest}>
        <p>tab bar</p>
      </AtStartStage>
    </>
  );
}

describe('the staged start', () => {
  it('draws everything at once when the app did not start in stages (a test, a later mount)', () => {
    render(<Page />);
    expect(screen.getByText('catalog')).toBeInTheDocument();
    expect(screen.getByText('tab bar')).toBeInTheDocument();
  });

  it('draws the frame first, then one stage per task until the page is whole', () => {
    const steps: (() => void)[] = [];
    beginStagedStart((step) => steps.push(step));
    render(<Page />);
    expect(screen.getByText('header')).toBeInTheDocument();
    expect(screen.queryByText('catalog')).toBeNull();
    expect(screen.queryByText('tab bar')).toBeNull();

    act(() => steps.shift()!());
    expect(screen.getByText('catalog')).toBeInTheDocument();
    expect(screen.queryByText('tab bar')).toBeNull();

    act(() => steps.shift()!());
    expect(screen.getByText('tab bar')).toBeInTheDocument();
    // The last stage schedules nothing more.
    expect(steps).toHaveLength(0);
  });
});
