import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { selectAudiences, selectIsReferenceDataReady, selectReferenceDataFailed, selectStrands } from '@/machines/reference-data/reference-data.selectors';
import { useRoot } from '@/views/root-context';

/** Interests (strands and their elements) as checkboxes; shared by onboarding and personalization. */
export function InterestsStep({ selected, onToggle }: { selected: readonly string[]; onToggle: (id: string) => void }) {
  const { referenceData } = useRoot();
  const strands = useSelector(referenceData, selectStrands);
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
  const { referenceData } = useRoot();
  const audiences = useSelector(referenceData, selectAudiences);
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

/** Loads the framework and audiences once; children render when both are there. */
export function useReferenceData() {
  const { referenceData } = useRoot();
  useEffect(() => referenceData.send({ type: 'referenceData.load' }), [referenceData]);
  const ready = useSelector(referenceData, selectIsReferenceDataReady);
  const failed = useSelector(referenceData, selectReferenceDataFailed);
  return { ready, failed, retry: () => referenceData.send({ type: 'referenceData.load' }) };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong, please try again later';
}
