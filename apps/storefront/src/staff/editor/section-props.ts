/** What the editor area gives each section's screen. */
export interface SectionProps {
  /** Tells the area whether leaving the screen would lose unsaved changes. */
  onDirty: (dirty: boolean) => void;
}
