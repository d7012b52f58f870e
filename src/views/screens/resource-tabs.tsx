import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Label, Radio, RadioGroup, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type { learningObjectScreen } from '@/machines/learning-object/learning-object.actors';
import { learningObjectIntents } from '@/machines/learning-object/learning-object.intents';
import { selectLearningObjectBusy, selectUserRubricScore } from '@/machines/learning-object/learning-object.selectors';
import type { CatalogItem } from '@/machines/catalog/catalog.types';
import { useIntents } from '@/views/hooks/use-intents';
import { ResourceTabIcon } from '@/views/components/resource-tab-icon';
import { Button } from '@/views/layout/button';
import { Markdown } from '@/views/components/markdown';
import * as styles from '@/views/screens/learning-object-page.css';
import { muted } from '@/views/components/text.css';

// A strategy's reflection rubric, implementation guide (Markdown) and resources, in tabs. react-aria's
// tabs and radio group, and the Markdown renderer, are most of what the strategy page would download
// before it could show its video: the page loads this file as it renders and shows the tabs' outline until it is here.

type LearningObjectRef = ActorRefFrom<ReturnType<typeof learningObjectScreen.logic>>;

const TABS = [
  { kind: 'REFLECTION_RUBRIC', label: 'Reflection rubric' },
  { kind: 'IMPLEMENTATION_GUIDE', label: 'Implementation guide' },
  { kind: 'RESOURCES', label: 'Resources' },
] as const;

export function ResourceTabs({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  return (
    <section className={styles.section} aria-label="Strategy resources">
      <Tabs defaultSelectedKey="REFLECTION_RUBRIC">
        <TabList aria-label="Strategy resources" className={styles.tablist}>
          {TABS.map((tab) => (
            <Tab key={tab.kind} id={tab.kind} className={styles.tab}>
              {({ isSelected }) => (
                <>
                  <ResourceTabIcon kind={tab.kind} selected={isSelected} className={styles.tabIcon} />
                  {tab.label}
                </>
              )}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="REFLECTION_RUBRIC" className={styles.panel}>
          <RubricPanel actor={actor} item={item} />
        </TabPanel>
        <TabPanel id="IMPLEMENTATION_GUIDE" className={styles.panel}>
          <GuidePanel item={item} />
        </TabPanel>
        <TabPanel id="RESOURCES" className={styles.panel}>
          <ResourcesPanel actor={actor} item={item} />
        </TabPanel>
      </Tabs>
    </section>
  );
}

function RubricPanel({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  const { saveRubric } = useIntents(actor, learningObjectIntents);
  const saved = useSelector(actor, selectUserRubricScore);
  const busy = useSelector(actor, selectLearningObjectBusy);
  const [value, setValue] = useState<number | null>(saved);
  if (item.rubric.length === 0) return <p className={muted}>This strategy has no reflection rubric. Try the implementation guide instead.</p>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== null) saveRubric(value);
      }}
    >
      <RadioGroup
        className={styles.rubricGroup}
        value={value === null ? null : String(value)}
        onChange={(next) => setValue(Number(next))}
      >
        <Label className={styles.rubricLegend}>Where is your practice today?</Label>
        <div className={styles.rubricCards}>
          {item.rubric.map((level) => (
            <Radio key={level.value} value={String(level.value)} className={styles.rubricCard}>
              <span className={styles.rubricNumber} aria-hidden="true">
                {level.value}
              </span>
              <span className={styles.rubricTitle}>{level.title}</span>
              <span className={styles.rubricText}>{level.description}</span>
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <p>
        <Button type="submit" tone="primary" disabled={value === null || busy}>
          {saved !== null && saved === value ? 'Rubric score saved' : 'Save rubric score'}
        </Button>
      </p>
    </form>
  );
}

function GuidePanel({ item }: { item: CatalogItem }) {
  if (!item.implementationGuide?.trim()) return <p className={muted}>This strategy has no implementation guide.</p>;
  return <Markdown source={item.implementationGuide} />;
}

function ResourcesPanel({ actor, item }: { actor: LearningObjectRef; item: CatalogItem }) {
  const { download } = useIntents(actor, learningObjectIntents);
  const busy = useSelector(actor, selectLearningObjectBusy);
  return (
    <>
      {item.resources.length > 0 && (
        <ul>
          {item.resources.map((resource) => (
            <li key={resource.url}>
              <a className={styles.link} href={resource.url} target="_blank" rel="noreferrer">
                {resource.title}
              </a>{' '}
              <span className={muted}>{resource.description}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Reproducibles</h3>
      {item.reproducibles.length === 0 ? (
        <p className={muted}>This strategy has no reproducibles.</p>
      ) : (
        <>
          <ul aria-label="Reproducibles">
            {item.reproducibles.map((file) => (
              <li key={file.id}>{file.title}</li>
            ))}
          </ul>
          <p>
            <Button tone="primary" disabled={busy} onClick={download}>
              Download reproducibles
            </Button>
          </p>
        </>
      )}
    </>
  );
}
