import { useSelector } from '@xstate/react';
import { selectStrands } from '@/machines/reference-data/reference-data.selectors';
import type { ExperienceLevel } from '@/machines/shared/domain';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useRoot } from '@/views/root-context';

// The questions about a learner's preferences, as the onboarding wizard asks them and the
// profile edits them: interests (strands and elements), audience, years of teaching.

export const EXPERIENCE_LEVELS: { value: ExperienceLevel; label: string }[] = [
  { value: 'NEW', label: 'New to teaching (0–3 years)' },
  { value: 'ESTABLISHED', label: 'Established (4–10 years)' },
  { value: 'EXPERIENCED', label: 'Experienced (11–20 years)' },
  { value: 'VETERAN', label: 'Veteran (more than 20 years)' },
];

/** Interests: strands and their elements as checkboxes. */
export function InterestsStep({ selected, onToggle }: { selected: readonly string[]; onToggle: (id: string) => void }) {
  const { nasotItems } = useRoot();
  const strands = useSelector(nasotItems, selectStrands);
  return (
    <div className="stack">
      {strands.map((strand) => (
        <fieldset key={strand.id} className="choices">
          <legend>{strand.title}</legend>
          {[strand, ...strand.children].map((item) => (
            <label key={item.id} className="choice">
              <input type="checkbox" checked={selected.includes(item.id)} onChange={() => onToggle(item.id)} />
              <span>{item.id === strand.id ? `All of ${item.title}` : item.title}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

export function AudienceStep({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const { audiences } = useReferenceData();
  return (
    <fieldset className="choices">
      <legend>Which best describes you?</legend>
      {audiences.map((audience) => (
        <label key={audience.id} className="choice">
          <input type="radio" name="audience" checked={selected === audience.id} onChange={() => onSelect(audience.id)} />
          <span>{audience.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ExperienceStep({ selected, onSelect }: { selected: ExperienceLevel | null; onSelect: (level: ExperienceLevel) => void }) {
  return (
    <fieldset className="choices">
      <legend>Years of teaching</legend>
      {EXPERIENCE_LEVELS.map((level) => (
        <label key={level.value} className="choice">
          <input type="radio" name="experience" checked={selected === level.value} onChange={() => onSelect(level.value)} />
          <span>{level.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
