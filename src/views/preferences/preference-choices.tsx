import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { buildNasotTree, selectNasotItems } from '@/machines/reference-data/reference-data.selectors';
import type { ExperienceLevel } from '@/machines/shared/domain';
import { isStrandChosen, type StrandChoice } from '@/machines/shared/interests';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useRoot } from '@/views/root-context';
import * as styles from '@/views/preferences/preferences.css';
import { visuallyHidden } from '@/views/components/text.css';

// The questions about a learner's preferences, as the onboarding wizard asks them and the
// profile edits them: interests (strands, then the elements of the chosen ones), audience, years
// of teaching. Every choice is a native checkbox or radio, so keyboards and screen readers get
// the controls they know.

export const EXPERIENCE_LEVELS: { value: ExperienceLevel; label: string }[] = [
  { value: 'NEW', label: 'New to teaching (0–3 years)' },
  { value: 'ESTABLISHED', label: 'Established (4–10 years)' },
  { value: 'EXPERIENCED', label: 'Experienced (11–20 years)' },
  { value: 'VETERAN', label: 'Veteran (more than 20 years)' },
];

type Strand = StrandChoice & { title: string; elements: { id: string; title: string }[] };

function Tick() {
  return (
    <svg className={styles.tick} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Chip({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className={styles.chip}>
      <input className={styles.input} type="checkbox" checked={checked} onChange={onChange} />
      <Tick />
      <span>{label}</span>
    </label>
  );
}

type InterestsProps = {
  selected: readonly string[];
  onToggleStrand: (strand: StrandChoice) => void;
  onToggleElement: (strand: StrandChoice, elementId: string) => void;
};

/**
 * Interests in two levels: the framework's strands as chips, grouped by category; each chosen
 * strand then offers its elements to narrow it down (none picked means all of the strand).
 */
export function InterestsStep({ selected, onToggleStrand, onToggleElement }: InterestsProps) {
  const { nasotItems } = useRoot();
  const items = useSelector(nasotItems, selectNasotItems);
  const categories = useMemo(
    () =>
      buildNasotTree(items)
        .map((category) => ({
          id: category.id,
          title: category.title,
          strands: category.children
            .filter((strand) => strand.children.length > 0)
            .map(
              (strand): Strand => ({
                id: strand.id,
                title: strand.title,
                elementIds: strand.children.map((element) => element.id),
                elements: strand.children.map((element) => ({ id: element.id, title: element.title })),
              }),
            ),
        }))
        .filter((category) => category.strands.length > 0),
    [items],
  );

  return (
    <div className={styles.interests}>
      {categories.map((category) => (
        <fieldset key={category.id} className={styles.group}>
          <legend className={styles.categoryTitle}>{category.title}</legend>
          <div className={styles.chips}>
            {category.strands.map((strand) => (
              <Chip key={strand.id} label={strand.title} checked={isStrandChosen(selected, strand)} onChange={() => onToggleStrand(strand)} />
            ))}
          </div>
          {category.strands
            .filter((strand) => isStrandChosen(selected, strand))
            .map((strand) => (
              <Elements key={strand.id} strand={strand} selected={selected} onToggle={(id) => onToggleElement(strand, id)} />
            ))}
        </fieldset>
      ))}
    </div>
  );
}

/** A chosen strand's elements, to narrow it down; none picked means all of it. */
function Elements({ strand, selected, onToggle }: { strand: Strand; selected: readonly string[]; onToggle: (id: string) => void }) {
  const narrowed = strand.elementIds.some((id) => selected.includes(id));
  return (
    <fieldset className={styles.narrow}>
      <legend className={styles.narrowTitle}>{strand.title}</legend>
      <p className={styles.hint}>{narrowed ? 'Only the elements you picked are included.' : 'All of it is included. Pick elements to focus on part of it.'}</p>
      <div className={styles.chips}>
        {strand.elements.map((element) => (
          <Chip key={element.id} label={element.title} checked={selected.includes(element.id)} onChange={() => onToggle(element.id)} />
        ))}
      </div>
    </fieldset>
  );
}

function Option({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className={styles.option}>
      <input className={styles.input} type="radio" name={name} checked={checked} onChange={onChange} />
      <span className={styles.dot} aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

type OneOfProps<T> = {
  selected: T | null;
  onSelect: (value: T) => void;
  /** The wizard asks the question in its heading: the legend is then for screen readers only. */
  quietLegend?: boolean;
};

const legendClass = (quiet: boolean | undefined) => (quiet ? visuallyHidden : styles.legend);

export function AudienceStep({ selected, onSelect, quietLegend }: OneOfProps<string>) {
  const { audiences } = useReferenceData();
  return (
    <fieldset className={styles.group}>
      <legend className={legendClass(quietLegend)}>Which best describes you?</legend>
      <div className={styles.options}>
        {audiences.map((audience) => (
          <Option key={audience.id} name="audience" label={audience.name} checked={selected === audience.id} onChange={() => onSelect(audience.id)} />
        ))}
      </div>
    </fieldset>
  );
}

export function ExperienceStep({ selected, onSelect, quietLegend }: OneOfProps<ExperienceLevel>) {
  return (
    <fieldset className={styles.group}>
      <legend className={legendClass(quietLegend)}>Years of teaching</legend>
      <div className={styles.options}>
        {EXPERIENCE_LEVELS.map((level) => (
          <Option key={level.value} name="experience" label={level.label} checked={selected === level.value} onChange={() => onSelect(level.value)} />
        ))}
      </div>
    </fieldset>
  );
}
