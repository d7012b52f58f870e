/**
 * The demo teaching framework: categories → strands → elements → strategies.
 * Written for this project; it paraphrases widely shared classroom practice and is not taken
 * from any published framework.
 */

export type StrategyDef = {
  title: string;
  description: string;
  /** 3–4 short imperative steps. */
  steps: string[];
  /** One classroom example. */
  example: string;
  /** 2–3 observable signs that the strategy is working. */
  lookFors: string[];
};
export type ElementDef = { title: string; description: string; strategies: StrategyDef[] };
export type StrandDef = { title: string; description: string; elements: ElementDef[] };
export type CategoryDef = { title: string; description: string; strands: StrandDef[] };

const s = (title: string, description: string, steps: string[], example: string, lookFors: string[]): StrategyDef => ({
  title,
  description,
  steps,
  example,
  lookFors,
});
const el = (title: string, description: string, strategies: StrategyDef[]): ElementDef => ({ title, description, strategies });
const strand = (title: string, description: string, elements: ElementDef[]): StrandDef => ({ title, description, elements });
const category = (title: string, description: string, strands: StrandDef[]): CategoryDef => ({ title, description, strands });

const planningAndInstruction = category(
  'Planning and Instruction',
  'How lessons are designed and delivered so that students meet new content, practise it and put it to use.',
  [
    strand('Clear Learning Goals', 'Making the destination of every lesson visible to students and to the teacher.', [
      el('Student-Friendly Learning Targets', 'Translating standards into short statements that students can understand, repeat and act on.', [
        s(
          'I Can Statement Rewrite',
          'Turn a standard into one or two "I can" statements written in the language students actually use.',
          [
            'Circle the verbs and key nouns in the standard.',
            'Rewrite it as an "I can" statement a student would say aloud.',
            'Test the wording with two students and adjust it.',
            'Post the statement where everyone can see it during the lesson.',
          ],
          'A fourth-grade teacher rewrites "determine the main idea of a text" as "I can tell what a paragraph is mostly about and prove it with two details."',
          ['Students can paraphrase the target when asked.', 'The target is visible and referred to during the lesson.'],
        ),
        s(
          'Target Talk Turnaround',
          'Open the lesson by having partners explain the learning target to each other before instruction begins.',
          [
            'Display the target as students arrive.',
            'Give partners one minute to restate it in their own words.',
            'Invite two pairs to share their versions.',
            'Clarify any misreading before moving on.',
          ],
          'In eighth-grade science, partners restate "I can describe how energy moves through a food web" and one pair admits they are unsure what energy means here, which the teacher addresses right away.',
          ['Most pairs restate the goal accurately.', 'Misunderstandings surface in the first minutes of class.'],
        ),
        s(
          'Goal Unpacking Map',
          'Break a complex target into the knowledge and skills it requires and share that map with students.',
          [
            'List what students must know to reach the target.',
            'List what they must be able to do.',
            'Arrange the pieces into a simple visual map.',
            'Tick off each piece with the class as lessons progress.',
          ],
          'A history teacher maps "evaluate a primary source" into sourcing, context, corroboration and claim, then checks off one part each day of the week.',
          ['Students point to the map when asked what they are working on.', 'Lessons address the pieces in a logical order.'],
        ),
        s(
          'Midpoint Target Check',
          'Return to the learning target halfway through and at the end of the lesson so students judge their own progress.',
          [
            'Pause midway and read the target aloud.',
            'Ask students to show a confidence rating from one to five on their fingers.',
            'Repeat the rating at the end of the lesson.',
            'Note students whose rating stays low and plan a follow-up.',
          ],
          'During a fractions lesson, a third of the class shows a two at the midpoint, so the teacher adds one more worked example before independent practice.',
          ['Confidence ratings rise from midpoint to close.', 'The teacher changes the plan in response to low ratings.'],
        ),
      ]),
      el('Success Criteria and Exemplars', 'Showing students what quality work looks like before they begin, so they can aim for it.', [
        s(
          'Co-Built Success Criteria',
          'Build the criteria for a task with students by studying strong samples together.',
          [
            'Show two or three strong samples of the task.',
            'Ask students what the samples have in common.',
            'Turn their observations into a short criteria list.',
            'Keep the list visible while students work.',
          ],
          'Before writing lab reports, sixth graders compare three strong reports and agree that each one states a prediction, shows data in a table and explains a surprise.',
          ['Students use the shared criteria words when they talk about their work.', 'Final products show most of the criteria.'],
        ),
        s(
          'Strong and Weak Sample Sort',
          'Students sort anonymous work samples by quality and explain what separates them.',
          [
            'Prepare four to six anonymous samples of varying quality.',
            'Have small groups rank them from strongest to weakest.',
            'Ask each group to justify its top and bottom choice.',
            'Record the features that made the difference.',
          ],
          'A middle school math class ranks five written solutions and notices that the strongest ones label units and explain each step.',
          ['Groups justify rankings with specific features.', 'Students name quality features without prompting.'],
        ),
        s(
          'Annotated Model Walkthrough',
          'Project an exemplar and annotate it live, naming each feature that makes it effective.',
          [
            'Choose a model that clearly meets the criteria.',
            'Project it and think aloud while you annotate.',
            'Colour-code each annotation to a criterion.',
            'Leave the annotated model on display for reference.',
          ],
          'A high school English teacher annotates a model paragraph, highlighting the claim in green, evidence in blue and commentary in orange.',
          ['Students copy the annotation approach in their own drafts.', 'Questions during work time refer to the model.'],
        ),
        s(
          'Criteria Bookmark Checklist',
          'Give students a bookmark-sized checklist of the success criteria to use while they work.',
          [
            'Condense the criteria to four or five short checks.',
            'Print them on a bookmark or card.',
            'Ask students to tick each check before handing work in.',
            'Collect a few bookmarks to see which checks students skip.',
          ],
          'Second graders use a bookmark that reads "capital letter, finger spaces, full stop, reread it" while writing journal entries.',
          ['Checklists are visibly used, not left in desks.', 'Fewer common errors appear in submitted work.'],
        ),
      ]),
      el('Learning Progressions', 'Describing the steps from beginning to advanced understanding so teaching and tasks can meet students where they are.', [
        s(
          'Four-Level Proficiency Scale',
          'Write a scale for a unit that describes simpler content, the target and work beyond the target.',
          [
            'Write the target as the middle-upper level.',
            'Describe the simpler knowledge that comes before it.',
            'Describe what going beyond the target looks like.',
            'Share the scale with students at the start of the unit.',
          ],
          'A seventh-grade team writes a scale for ratios, with level two naming vocabulary and simple tables and level four asking students to compare rates in a real purchase decision.',
          ['Students can say which level they are working at.', 'Assessment items are aligned to specific levels.'],
        ),
        s(
          'Where Am I Now Wall',
          'Students privately place a numbered marker along a displayed progression to show where they are.',
          [
            'Display the progression as a path with clear stages.',
            'Give each student a numbered marker only they and you can identify.',
            'Have students move their marker after each checkpoint.',
            'Meet with students whose markers have not moved.',
          ],
          'In a Spanish class, students move numbered clips along a path from "I can greet" to "I can hold a two-minute conversation" after each speaking check.',
          ['Markers move steadily across the unit.', 'Students can explain what they need to reach the next stage.'],
        ),
        s(
          'Leveled Task Menu',
          'Offer tasks matched to each level of the progression so students work at the edge of their understanding.',
          [
            'Write one or two tasks for each level of the scale.',
            'Use a quick check to help students choose a starting level.',
            'Let students move up once they show success.',
            'Debrief with the whole class on what moving up required.',
          ],
          'A chemistry teacher offers balancing-equation tasks at three levels and most students move up one level within the lesson.',
          ['Students choose and move between levels appropriately.', 'Time on task stays high because tasks are within reach.'],
        ),
      ]),
      el('Purpose and Relevance of Lessons', 'Making it clear how each activity serves the goal and why the goal matters.', [
        s(
          'Agenda With Purpose Lines',
          'Post an agenda in which every activity is paired with the reason for doing it.',
          [
            'Write the agenda as a short list of activities.',
            'Add a "so that" line to each activity.',
            'Refer to the purpose line as each activity begins.',
          ],
          'The board reads "Read the article so that we can find two causes of the flood" and the teacher points to it before reading begins.',
          ['Students can explain why they are doing an activity.', 'Transitions reference the agenda.'],
        ),
        s(
          'Why It Matters Hook',
          'Open a unit with a real scenario that cannot be solved without the skill students are about to learn.',
          [
            'Find a short scenario from daily life or the news.',
            'Present it as a challenge before teaching anything.',
            'Let students try and notice where they get stuck.',
            'Promise to return to the scenario at the end of the unit.',
          ],
          'A statistics unit opens with two conflicting headlines about the same survey, and students discover they need sampling ideas to decide which to trust.',
          ['Students ask questions that the unit will answer.', 'The scenario is revisited and solved at the end.'],
        ),
        s(
          'One-Sentence Lesson Link',
          'Students close the lesson by writing one sentence that connects what they did to the learning target.',
          [
            'Reserve two minutes at the end of class.',
            'Provide the stem "Today helped me ... because ...".',
            'Read a sample of sentences aloud the next day.',
          ],
          'After a map-skills lesson, a student writes "Today helped me read scale because I had to measure how far the river travels."',
          ['Sentences name the target and a specific activity.', 'The teacher uses the sentences to plan the next lesson.'],
        ),
        s(
          'Unit Launch Preview',
          'Preview the whole unit at its start, showing the big question, key tasks and how they connect.',
          [
            'Write the unit question in student language.',
            'Show the main tasks on a one-page overview.',
            'Ask students to predict which task will be hardest.',
            'Return to the overview at each milestone.',
          ],
          'A fifth-grade teacher launches an ecosystems unit with the question "What happens when one animal disappears?" and a one-page map of the tasks ahead.',
          ['Students can describe where the unit is heading.', 'The overview is referenced at milestones.'],
        ),
      ]),
    ]),
    strand('Introducing New Content', 'Helping students meet new information in manageable pieces and connect it to what they already know.', [
      el('Activating Prior Knowledge', 'Surfacing what students already know or believe so new content has something to attach to.', [
        s(
          'Anticipation Guide',
          'Students agree or disagree with a few statements before the lesson and revisit them afterwards.',
          [
            'Write four to six statements, including common misconceptions.',
            'Have students mark agree or disagree before instruction.',
            'Teach the content.',
            'Have students revisit their choices and cite evidence for any change.',
          ],
          'Before a unit on the seasons, students respond to "Summer happens when Earth is closest to the Sun" and later correct it with evidence about axial tilt.',
          ['Students change answers and justify the change.', 'Misconceptions are named and addressed explicitly.'],
        ),
        s(
          'Know Wonder Learned Chart',
          'A three-column chart captures what students know, what they wonder and, later, what they learned.',
          [
            'Draw three columns on chart paper.',
            'Collect what students already know and what they wonder.',
            'Return to the chart at the end to record what was learned.',
            'Highlight wonders that are still unanswered.',
          ],
          'A kindergarten class fills a chart about butterflies and later checks off the wonder "Do butterflies sleep?" after reading a nonfiction book.',
          ['Wonders shape questions asked during the lesson.', 'The learned column connects back to earlier entries.'],
        ),
        s(
          'Quick-Write Warm-Up',
          'Students write freely for two or three minutes about a prompt tied to the upcoming content.',
          [
            'Post an open prompt linked to the new topic.',
            'Set a timer and ask everyone to keep writing.',
            'Have a few students share a line aloud.',
            'Connect their ideas to the lesson opening.',
          ],
          'Before studying immigration, students write about a time they moved somewhere new, and the teacher links their feelings to primary-source letters.',
          ['All students write for the full time.', 'The teacher refers to student writing during instruction.'],
        ),
        s(
          'Concept Carousel',
          'Groups rotate between posters with prompts and add what they know, building a shared picture of prior knowledge.',
          [
            'Hang four or five posters with prompts around the room.',
            'Give each group a different coloured marker.',
            'Rotate groups every two to three minutes.',
            'Review the posters together and circle surprises.',
          ],
          'Before a unit on the Civil Rights Movement, groups add names, events and questions to posters labelled People, Places, Laws and Questions.',
          ['Every poster has contributions from every group.', 'The review identifies gaps the unit must fill.'],
        ),
      ]),
      el('Chunking New Information', 'Presenting new content in short segments with time to process between them.', [
        s(
          'Ten-Two Processing',
          'After roughly ten minutes of input, students spend two minutes processing what they heard.',
          [
            'Plan input in segments of about ten minutes.',
            'Stop and give a short processing prompt.',
            'Have students talk or write for two minutes.',
            'Listen in and address confusion before continuing.',
          ],
          'During a lecture on cell organelles, students pause every ten minutes to tell a partner which organelle they would compare to a factory part and why.',
          ['Students process in every pause, not just a few.', 'The teacher adjusts the next segment based on what was heard.'],
        ),
        s(
          'Pause and Summarize Partners',
          'Partners take turns summarizing each chunk of content in a single sentence.',
          [
            'Assign partner A and partner B.',
            'After each chunk, ask one partner to summarize in one sentence.',
            'Have the other partner add one missing detail.',
            'Switch roles for the next chunk.',
          ],
          'In a geometry lesson, partners alternate summarizing each property of parallelograms as the teacher introduces it.',
          ['Summaries are concise and accurate.', 'Both partners speak during each pause.'],
        ),
        s(
          'Stop Sign Reading',
          'Mark natural stopping points in a text where students pause to check understanding.',
          [
            'Read the text ahead and mark two to four stopping points.',
            'Write a question for each stop.',
            'Have students answer at each stop before reading on.',
          ],
          'A sixth-grade class reads a short story with three stop signs, each asking what the character wants at that moment.',
          ['Students answer the stop questions with text evidence.', 'Fewer students lose the thread of longer texts.'],
        ),
        s(
          'Build-As-You-Go Organizer',
          'Students fill in a graphic organizer one section at a time as each chunk of content is introduced.',
          [
            'Design an organizer with one section per chunk.',
            'Introduce a chunk, then pause for students to fill in its section.',
            'Check a few organizers before moving on.',
            'Use the completed organizer for review.',
          ],
          'While learning about the branches of government, students complete one column of a three-column organizer after each short video clip.',
          ['Organizers are complete and accurate.', 'Students use the organizer later without prompting.'],
        ),
      ]),
      el('Modeling and Think-Alouds', 'Making expert thinking visible so students can see how a skill is done, not just the result.', [
        s(
          'Expert Think-Aloud',
          'Narrate your thinking aloud as you complete a task, including decisions and doubts.',
          [
            'Choose a task that shows the thinking you want students to copy.',
            'Narrate each decision and why you made it.',
            'Include a moment of doubt and how you resolved it.',
            'Ask students to name the moves they noticed.',
          ],
          'A teacher reads a word problem aloud, saying "I am not sure what is being asked yet, so I will reread the last sentence," and students list that move.',
          ['Students can name the thinking moves they observed.', 'Students use the same moves in their own work.'],
        ),
        s(
          'I Do We Do You Do',
          'Gradually hand responsibility from teacher to students through modeled, shared and independent practice.',
          [
            'Model one example while students watch.',
            'Solve a second example together with student input.',
            'Have students try a third with a partner.',
            'Release to independent practice once most pairs succeed.',
          ],
          'In a writing lesson, the teacher writes a topic sentence, the class writes the next one together, and pairs finish the paragraph.',
          ['Each phase is short and purposeful.', 'Independent work starts only after a check shows readiness.'],
        ),
        s(
          'Worked Example Pairs',
          'Pair a fully worked example with a similar problem that students solve immediately afterwards.',
          [
            'Prepare pairs of matching problems.',
            'Walk through the worked example step by step.',
            'Have students solve the matching problem right away.',
            'Gradually remove steps from later worked examples.',
          ],
          'A physics teacher shows a worked velocity calculation and then gives students an almost identical one with different numbers.',
          ['Students refer back to the worked example while solving.', 'Accuracy improves across the pairs.'],
        ),
        s(
          'Deliberate Mistake Model',
          'Model a task with a planned error and ask students to find and fix it.',
          [
            'Plan an error that reflects a common misconception.',
            'Model the task and include the error naturally.',
            'Ask students to spot anything that looks wrong.',
            'Have a student explain the correction.',
          ],
          'While modeling long division, the teacher forgets to bring down a digit, and a student explains why the answer cannot be right.',
          ['Students catch the error quickly.', 'Students explain why it is an error, not just that it is.'],
        ),
      ]),
      el('Vocabulary Development', 'Building deep knowledge of the academic words students need to understand and talk about content.', [
        s(
          'Student-Friendly Definitions',
          'Introduce new terms with an everyday explanation and a familiar example before any formal definition.',
          [
            'Explain the term in plain language.',
            'Give an example from students\' daily lives.',
            'Ask students to restate the meaning in their own words.',
            'Add the formal definition once the meaning is clear.',
          ],
          'A teacher explains "erosion" as "the slow wearing away of land by water or wind, like the path that forms where everyone cuts across the grass."',
          ['Students restate meanings accurately in their own words.', 'Students use the term correctly in discussion.'],
        ),
        s(
          'Four-Square Word Map',
          'Students complete a four-part map with a meaning, an example, a non-example and a picture for each key term.',
          [
            'Give students a four-square template.',
            'Model one completed map.',
            'Have students complete maps for two or three key terms.',
            'Share non-examples to sharpen the meaning.',
          ],
          'For "mammal", a student lists "dog" as an example, "snake" as a non-example and draws a mother feeding her young.',
          ['Non-examples show students understand the boundaries of the term.', 'Maps are used later for review.'],
        ),
        s(
          'Interactive Word Wall',
          'A word wall where terms are grouped, connected and used in activities, not just displayed.',
          [
            'Post key terms as they are introduced.',
            'Group related words and draw connections between them.',
            'Use the wall in short daily games or prompts.',
            'Let students rearrange words as understanding grows.',
          ],
          'A biology class connects "photosynthesis", "chlorophyll" and "glucose" with yarn and explains each link in a warm-up.',
          ['Students glance at or use the wall while working.', 'Connections between terms become more detailed over time.'],
        ),
        s(
          'Word Charades',
          'Students act out or draw key terms while teammates guess them, reinforcing meaning through play.',
          [
            'Write key terms on cards.',
            'Split the class into two teams.',
            'Have one student act or draw a term for their team to guess.',
            'Ask the guessing team to use the word in a sentence.',
          ],
          'Third graders act out "evaporate", "condense" and "precipitate" during a water-cycle review.',
          ['All students participate and guess.', 'Sentences show accurate meaning, not just recognition.'],
        ),
        s(
          'Word Part Detectives',
          'Teach common prefixes, suffixes and roots so students can work out unfamiliar words.',
          [
            'Introduce one word part with its meaning.',
            'Show three known words that contain it.',
            'Have students predict the meaning of a new word with the same part.',
            'Keep a growing chart of word parts.',
          ],
          'After learning that "therm" means heat, students predict the meaning of "thermal" and "thermostat".',
          ['Students break down unfamiliar words on their own.', 'The word-part chart grows across the year.'],
        ),
      ]),
    ]),
    strand('Practice and Deepening', 'Strengthening new knowledge through varied practice, retrieval and close analysis.', [
      el('Retrieval Practice', 'Having students pull information from memory to make learning stick.', [
        s(
          'Brain Dump',
          'Students write down everything they remember about a topic from memory, then check against notes.',
          [
            'Name a topic covered in an earlier lesson.',
            'Give three minutes to write everything remembered, notes closed.',
            'Have students compare with a partner.',
            'Let them check notes and add what was missing in another colour.',
          ],
          'At the start of class, students brain-dump everything they remember about the causes of the First World War, then fill gaps in green.',
          ['Students write steadily without looking at notes.', 'The second colour shows which ideas need review.'],
        ),
        s(
          'Low-Stakes Quiz Starter',
          'Open class with a short ungraded quiz on earlier content.',
          [
            'Write three to five questions from past lessons.',
            'Have students answer individually at the start of class.',
            'Go through answers immediately.',
            'Record which questions were missed most.',
          ],
          'A Spanish teacher starts each lesson with five vocabulary questions from previous weeks and reviews them in two minutes.',
          ['Students start work on arrival.', 'Frequently missed items reappear in later quizzes.'],
        ),
        s(
          'Spaced Review Calendar',
          'Plan returns to key content at increasing intervals across the term.',
          [
            'List the essential ideas of a unit.',
            'Schedule reviews after a day, a week and a month.',
            'Use short prompts for each review.',
            'Adjust the schedule for ideas that fade quickly.',
          ],
          'A math teacher marks her calendar so that each unit\'s key skills reappear in warm-ups one, two and six weeks later.',
          ['Older content appears regularly in lessons.', 'Unit test scores hold up on delayed assessments.'],
        ),
        s(
          'Retrieval Grid',
          'A grid of questions drawn from last lesson, last week and last month for students to answer from memory.',
          [
            'Make a grid with rows for different time periods.',
            'Assign more points to older content.',
            'Let students choose which questions to answer.',
            'Review the answers students found hardest.',
          ],
          'A geography class completes a nine-square grid with questions on yesterday\'s rivers lesson, last week\'s climate zones and last month\'s map projections.',
          ['Students attempt older, higher-point questions.', 'The teacher notes topics that need revisiting.'],
        ),
      ]),
      el('Varied and Guided Practice', 'Designing practice that moves from supported to independent and mixes problem types.', [
        s(
          'Gradual Practice Set',
          'Sequence practice so the first items are heavily supported and later items stand alone.',
          [
            'Write the first items with hints or partial steps.',
            'Remove supports in the middle items.',
            'End with items that have no support at all.',
            'Check where students start to struggle.',
          ],
          'A worksheet on solving equations starts with problems where the first step is already done and ends with multi-step problems.',
          ['Most students reach the unsupported items.', 'Errors cluster at a point the teacher can address.'],
        ),
        s(
          'Interleaved Problem Sets',
          'Mix different problem types in one practice set so students must decide which method to use.',
          [
            'Choose two or three related skills.',
            'Mix problems so no two consecutive items use the same method.',
            'Ask students to label the method before solving.',
            'Discuss how they decided.',
          ],
          'After learning area and perimeter, students work through a mixed set and label each item before solving it.',
          ['Students choose methods correctly more often.', 'Labels show thinking about problem type.'],
        ),
        s(
          'Practice Stations',
          'Students rotate through short stations, each practising the same skill in a different way.',
          [
            'Set up three or four stations with different practice formats.',
            'Explain each station briefly.',
            'Rotate groups on a timer.',
            'Close with a whole-class check.',
          ],
          'A reading class rotates through a fluency station, a vocabulary game, a comprehension card set and a teacher table.',
          ['Transitions between stations are quick.', 'Each station produces visible work or evidence.'],
        ),
        s(
          'Fluency Sprints',
          'Short timed rounds help students build speed and accuracy on skills that should become automatic.',
          [
            'Choose a skill that benefits from automatic recall.',
            'Run a one-minute round and have students record their score.',
            'Repeat after brief targeted practice.',
            'Celebrate personal improvement, not rank.',
          ],
          'Second graders run one-minute sprints on addition facts within 20 and graph their own scores across the week.',
          ['Individual scores rise over time.', 'Students compare themselves with their own previous scores.'],
        ),
      ]),
      el('Comparing and Classifying', 'Deepening understanding by examining how ideas are alike and different.', [
        s(
          'Double-Bubble Comparison',
          'A graphic organizer that shows shared features in the middle and unique features on each side.',
          [
            'Name the two items to compare.',
            'List shared features in the centre bubbles.',
            'List unique features in the outer bubbles.',
            'Write one sentence that states the most important difference.',
          ],
          'Students compare frogs and toads and conclude that skin texture and habitat are the most useful differences.',
          ['Comparisons include meaningful, not trivial, features.', 'Summary sentences identify the key difference.'],
        ),
        s(
          'Analogy Builders',
          'Students create and explain analogies that link new ideas to familiar ones.',
          [
            'Model a simple analogy for the concept.',
            'Give students the frame "___ is to ___ as ___ is to ___".',
            'Have partners build and explain their own.',
            'Discuss where each analogy breaks down.',
          ],
          'A student writes "The nucleus is to the cell as the principal\'s office is to the school" and explains what the analogy does not capture.',
          ['Analogies are explained, not just stated.', 'Students identify the limits of their analogies.'],
        ),
        s(
          'Open Category Sort',
          'Students sort a set of cards into categories they create and justify.',
          [
            'Prepare 12 to 20 cards with terms, images or examples.',
            'Have groups sort them without given categories.',
            'Ask each group to name and defend its categories.',
            'Compare sorts across groups.',
          ],
          'In a chemistry class, groups sort substances and one group groups them by state of matter while another groups them by whether they dissolve.',
          ['Groups produce different but defensible sorts.', 'Justifications use content vocabulary.'],
        ),
        s(
          'Comparison Matrix',
          'A table comparing several items across the same set of features.',
          [
            'List items down the side and features across the top.',
            'Have students fill each cell with evidence.',
            'Ask what patterns appear across rows and columns.',
          ],
          'A history class compares three ancient civilizations across government, economy and achievements and spots a link between rivers and farming.',
          ['Cells contain evidence, not guesses.', 'Students state patterns across the matrix.'],
        ),
      ]),
      el('Error Analysis', 'Examining mistakes, including one\'s own, to deepen understanding and reasoning.', [
        s(
          'My Favorite Mistake',
          'Share an anonymous student error that reveals useful thinking and analyse it together.',
          [
            'Collect errors from a recent task.',
            'Choose one that shows a common misunderstanding.',
            'Share it anonymously and ask what the writer was thinking.',
            'Agree on the correction and why it works.',
          ],
          'A teacher shares "0.25 > 0.3 because 25 is bigger than 3" and the class discusses place value until the error makes sense.',
          ['Students treat errors as useful, not embarrassing.', 'The same error becomes rarer afterwards.'],
        ),
        s(
          'Find the Fix',
          'Students find and correct errors in a worked solution.',
          [
            'Prepare a solution with one or two planted errors.',
            'Have students locate each error.',
            'Ask them to correct it and explain the fix.',
          ],
          'Students receive a worked stoichiometry problem with a unit-conversion error and rewrite the step correctly.',
          ['Students explain the cause of the error.', 'Corrections are mathematically or logically sound.'],
        ),
        s(
          'Reasoning Audit',
          'Students evaluate an argument or claim for weak evidence or faulty logic.',
          [
            'Provide a short argument, advert or opinion piece.',
            'Give a checklist of common reasoning errors.',
            'Have students mark where reasoning fails.',
            'Rewrite one weak point to make it stronger.',
          ],
          'A civics class audits a campaign flyer and finds an overgeneralization and a claim with no source.',
          ['Students cite specific lines when naming flaws.', 'Rewrites show stronger reasoning.'],
        ),
        s(
          'Personal Error Log',
          'Students keep a log of their own mistakes, the cause and how to avoid them next time.',
          [
            'Set up a simple log with columns for mistake, cause and fix.',
            'After returned work, have students log two mistakes.',
            'Review logs before the next assessment.',
          ],
          'Before a unit test, a student rereads her log and notices she often forgets to distribute negative signs.',
          ['Logs identify causes, not just wrong answers.', 'Students avoid logged mistakes on later tasks.'],
        ),
      ]),
    ]),
    strand('Applying Knowledge', 'Asking students to use what they know on meaningful tasks, problems and arguments.', [
      el('Problem-Based Tasks', 'Engaging students in problems that require them to apply and combine what they have learned.', [
        s(
          'Real-World Problem Launch',
          'Start a sequence of lessons with an authentic problem students will solve using new learning.',
          [
            'Choose a problem from the school, community or news.',
            'Present it with real data or artefacts.',
            'Have students list what they need to know to solve it.',
            'Use that list to sequence the lessons.',
          ],
          'A middle school class is asked how much the cafeteria could save by reducing food waste and uses rates and percentages to propose a plan.',
          ['Students refer back to the problem during lessons.', 'Final solutions use the targeted skills.'],
        ),
        s(
          'Design Challenge Cycle',
          'Students design, test and improve a product or solution in repeated cycles.',
          [
            'Pose a design challenge with clear constraints.',
            'Have teams sketch and build a first version.',
            'Test it and record results.',
            'Redesign based on evidence and test again.',
          ],
          'Fourth graders design a paper bridge that must hold 20 coins, test it, and reinforce the weak point in a second version.',
          ['Redesigns are based on test data.', 'Teams can explain what changed and why.'],
        ),
        s(
          'Estimate Before Solving',
          'Students make and justify an estimate before they calculate or research an answer.',
          [
            'Pose the problem.',
            'Ask for an estimate that is too low, too high and just right.',
            'Solve the problem.',
            'Compare the result to the estimates and discuss.',
          ],
          'Before calculating how many classrooms could fit in the gym, students estimate and later see how close their reasoning was.',
          ['Estimates become more reasonable over time.', 'Students notice when an answer is implausible.'],
        ),
        s(
          'Constraint Twist',
          'Change one condition of a familiar problem so students must adapt their approach.',
          [
            'Start with a problem students have solved before.',
            'Add, remove or change one constraint.',
            'Ask students to predict how the solution will change.',
            'Solve and compare with the prediction.',
          ],
          'After designing a budget for a class party, students must adapt it when the budget is cut by a quarter.',
          ['Students adapt methods rather than starting over.', 'Predictions show understanding of the relationship.'],
        ),
      ]),
      el('Student Inquiry', 'Supporting students to ask questions, investigate and build their own understanding.', [
        s(
          'Question Storming',
          'Students generate as many questions as possible about a stimulus before choosing the best to investigate.',
          [
            'Show an image, object or statement as a prompt.',
            'Have groups write as many questions as they can without discussing them.',
            'Sort questions into open and closed.',
            'Choose one or two questions to investigate.',
          ],
          'Shown a photo of a dried-up lake, groups generate twenty questions and choose "What caused the water to disappear?" to research.',
          ['Groups produce many varied questions.', 'Chosen questions are genuinely investigable.'],
        ),
        s(
          'Mini-Investigation Protocol',
          'A short, structured investigation students can complete in one or two lessons.',
          [
            'State a testable question.',
            'Have students predict and plan a simple test.',
            'Collect and record data.',
            'Write a conclusion that answers the question.',
          ],
          'Students test whether paper towel brand affects absorbency and report results with a bar graph.',
          ['Plans control at least one variable.', 'Conclusions are based on the data collected.'],
        ),
        s(
          'Wonder Wall',
          'A space where students post questions that arise during a unit, to be answered over time.',
          [
            'Set up a board labelled for questions.',
            'Invite students to add questions on sticky notes any time.',
            'Review the wall weekly and move answered questions.',
          ],
          'During an astronomy unit, a student posts "Why does the Moon look bigger near the horizon?" and the class investigates it on Friday.',
          ['The wall grows throughout the unit.', 'Some lessons respond directly to student questions.'],
        ),
        s(
          'Claim Test Revise',
          'Students make a claim, test it against evidence and revise it.',
          [
            'Have students write an initial claim.',
            'Provide evidence sources or an experiment.',
            'Ask whether the evidence supports, contradicts or complicates the claim.',
            'Revise the claim and note what changed it.',
          ],
          'Students claim that heavier objects fall faster, drop objects of different mass, and revise the claim to account for air resistance.',
          ['Revisions cite evidence.', 'Students are comfortable changing their minds.'],
        ),
      ]),
      el('Argument and Evidence', 'Teaching students to make claims, support them with evidence and respond to other views.', [
        s(
          'Claim Evidence Reasoning Frame',
          'A three-part frame for writing or speaking: state a claim, give evidence, explain why the evidence supports it.',
          [
            'Model each part with a simple example.',
            'Provide sentence starters for each part.',
            'Have students write a response using the frame.',
            'Peer-check that reasoning links evidence to the claim.',
          ],
          'A science student claims the plant grew more in sunlight, cites the height data and explains that light provides energy for growth.',
          ['Reasoning explains the link, not just repeats evidence.', 'Students use the frame in discussion as well as writing.'],
        ),
        s(
          'Four Corners Debate',
          'Students move to a corner that matches their position on a statement and defend it.',
          [
            'Label corners strongly agree, agree, disagree and strongly disagree.',
            'Read a debatable statement.',
            'Have students move and discuss reasons with their corner.',
            'Invite each corner to share, then allow students to switch.',
          ],
          'After reading about school uniforms, students choose corners and several move after hearing a strong argument about cost.',
          ['Students justify positions with reasons.', 'Some students change corners based on arguments.'],
        ),
        s(
          'Evidence Ranking',
          'Students rank several pieces of evidence by how well they support a claim.',
          [
            'Provide a claim and five or six pieces of evidence.',
            'Have pairs rank them from strongest to weakest.',
            'Ask pairs to justify the top and bottom choice.',
          ],
          'Students rank sources about the causes of a historical event and discuss why an eyewitness diary is stronger than a later summary.',
          ['Rankings consider relevance and reliability.', 'Justifications name criteria for strong evidence.'],
        ),
        s(
          'Both Sides Switch',
          'Pairs argue one side of an issue, then switch and argue the other before reaching a shared position.',
          [
            'Give pairs a balanced issue and sources.',
            'Have each pair prepare and present one side.',
            'Switch sides and present the other.',
            'Drop roles and agree on a joint position.',
          ],
          'Pairs argue for and against a new city park replacing a parking lot, then write a compromise proposal.',
          ['Students represent the other side fairly.', 'Final positions acknowledge trade-offs.'],
        ),
      ]),
      el('Connections Across Subjects', 'Helping students transfer knowledge by linking ideas across subjects and contexts.', [
        s(
          'Content Link Journal',
          'Students record connections they notice between the current subject and other classes or life.',
          [
            'Give students a small journal or digital page.',
            'Prompt a connection entry once a week.',
            'Share a few connections with the class.',
          ],
          'A student notes that the graphing skills from math helped her read a climate chart in science.',
          ['Entries name specific skills or ideas.', 'Connections become more varied over time.'],
        ),
        s(
          'Shared Theme Project',
          'Two or more teachers plan a project around one theme that draws on each subject.',
          [
            'Agree on a theme and a shared final product.',
            'Map which skills each subject contributes.',
            'Align timelines so skills arrive when needed.',
            'Assess the product together.',
          ],
          'English and science teachers run a project where students research local water quality and write a letter to the council.',
          ['Students use skills from both subjects in one product.', 'Teachers refer to each other\'s lessons.'],
        ),
        s(
          'Expert Visitor Interview',
          'Students prepare and conduct an interview with someone who uses the content in their work.',
          [
            'Invite a visitor from a relevant profession.',
            'Have students prepare questions linked to current learning.',
            'Conduct the interview in person or by video.',
            'Debrief on how the content shows up in real work.',
          ],
          'A civil engineer visits a geometry class and explains how she uses angles and triangles when designing bridges.',
          ['Questions connect to classroom content.', 'Students reference the visit in later work.'],
        ),
      ]),
    ]),
  ],
);

const assessmentAndFeedback = category(
  'Assessment and Feedback',
  'How teachers and students gather evidence of learning and use it to decide what happens next.',
  [
    strand('Checking for Understanding', 'Gathering quick evidence from every student during a lesson to guide teaching decisions.', [
      el('All-Student Response', 'Techniques that let every student answer at once so the teacher sees the whole class.', [
        s(
          'Mini Whiteboard Show-Me',
          'Students write answers on mini whiteboards and hold them up together on a signal.',
          [
            'Pose a question with a short answer.',
            'Give thinking time, then call "show me".',
            'Scan the boards and note patterns.',
            'Respond to what you see before moving on.',
          ],
          'During a spelling lesson, the teacher sees that half the boards misspell "necessary" and reteaches the double s.',
          ['Every student holds up a board.', 'The teacher acts on the pattern of answers.'],
        ),
        s(
          'Fist to Five',
          'Students show how confident they feel on a scale from a fist (zero) to five fingers.',
          [
            'Ask students to rate their confidence on the current skill.',
            'Have everyone show their rating at the same time.',
            'Pair fives with students showing one or two.',
          ],
          'Before independent practice on graphing, the teacher pairs students showing five fingers with those showing two.',
          ['Ratings are honest and varied.', 'Peer pairing follows low ratings.'],
        ),
        s(
          'Lettered Response Cards',
          'Students hold up a card marked A, B, C or D to answer multiple-choice questions.',
          [
            'Give each student a set of lettered cards.',
            'Display a question with four options, each with a plausible distractor.',
            'Have students show their card on a count of three.',
            'Ask students with different answers to explain.',
          ],
          'A social studies class answers a question about the causes of inflation and the teacher asks a B and a D to debate their choices.',
          ['Distractors reveal specific misconceptions.', 'Discussion follows split responses.'],
        ),
        s(
          'Digital Quick Poll',
          'A short poll on devices collects every answer instantly and displays the distribution.',
          [
            'Prepare two or three poll questions in advance.',
            'Run the poll with responses hidden.',
            'Reveal the distribution and discuss.',
            'Re-poll after discussion to see shifts.',
          ],
          'A chemistry class polls on whether mass changes when ice melts, discusses, and re-polls with most now answering correctly.',
          ['Participation is close to 100 percent.', 'Re-poll results show movement toward correct answers.'],
        ),
      ]),
      el('Questioning for Depth', 'Asking and following up on questions that push students beyond recall.', [
        s(
          'Extended Wait Time',
          'Wait at least three to five seconds after asking a question and after a student answers.',
          [
            'Ask the question and silently count to five.',
            'Signal that all students should think before hands go up.',
            'After an answer, pause again before responding.',
          ],
          'After waiting five seconds, a teacher sees twice as many hands and receives longer, more thoughtful answers.',
          ['More students volunteer answers.', 'Answers are longer and include reasoning.'],
        ),
        s(
          'Question Ladder',
          'Plan a sequence of questions that climbs from recall to analysis to creation.',
          [
            'Write one recall question about the content.',
            'Add a question that asks for explanation or comparison.',
            'Add a question that asks students to evaluate or create.',
            'Use the ladder in order during the lesson.',
          ],
          'A reading ladder moves from "Who is the narrator?" to "Why might the author choose this narrator?" to "Retell the scene from another character\'s view."',
          ['Questions reach the top of the ladder in most lessons.', 'Student responses show increasing complexity.'],
        ),
        s(
          'Return-to-You Follow-Up',
          'When a student cannot answer, help them hear the answer from others and then return to them to answer.',
          [
            'If a student is stuck, say you will come back to them.',
            'Take an answer or hint from another student.',
            'Return to the first student and ask them to answer or explain.',
          ],
          'A student cannot identify the verb in a sentence; after a classmate explains, the teacher returns and the student identifies it correctly.',
          ['Students who were stuck give a correct answer on return.', 'Students expect to be asked again.'],
        ),
        s(
          'Probing Follow-Ups',
          'Follow answers with prompts such as "How do you know?" or "Can you give an example?"',
          [
            'Keep a short list of follow-up prompts visible.',
            'Use a follow-up after both correct and incorrect answers.',
            'Invite a second student to build on or challenge the answer.',
          ],
          'A student answers that the triangle is isosceles; the teacher asks "How do you know?" and the student points out two equal sides.',
          ['Follow-ups are used for correct answers too.', 'Students start justifying answers without being asked.'],
        ),
        s(
          'Name Stick Selection',
          'Select students to answer at random so every student is accountable for thinking.',
          [
            'Write each student\'s name on a stick or in a random picker.',
            'Ask the question, give thinking time, then draw a name.',
            'Return drawn names to the pool so everyone stays ready.',
          ],
          'Knowing any name could be drawn, students in a geography class use the thinking time to prepare answers.',
          ['All students appear ready to answer.', 'Participation is spread across the class.'],
        ),
      ]),
      el('Exit Tickets and Quick Checks', 'Short end-of-lesson checks that show who met the goal and who needs more support.', [
        s(
          'Three-Question Exit Ticket',
          'Students answer three short questions at the end of a lesson, each targeting a different level of the goal.',
          [
            'Write one basic, one target-level and one stretch question.',
            'Give students three to five minutes at the end of class.',
            'Sort tickets into three piles after class.',
            'Plan the next lesson\'s opening from the piles.',
          ],
          'After a lesson on equivalent fractions, tickets show that most students can find equivalent fractions but few can explain why.',
          ['Tickets are sorted and used the same day.', 'The next lesson responds to ticket results.'],
        ),
        s(
          'Muddiest Point Card',
          'Students write the one thing from the lesson that is still unclear to them.',
          [
            'Hand out index cards before the lesson closes.',
            'Ask "What is still muddy for you?"',
            'Group responses by theme.',
            'Address the top theme at the start of the next lesson.',
          ],
          'A physics class reports that the difference between speed and velocity is still unclear, so the next lesson opens with a quick demonstration.',
          ['Cards name specific confusions.', 'The next lesson addresses the most common one.'],
        ),
        s(
          'Hinge Question Check',
          'A single well-designed question at a key point decides whether the class moves on.',
          [
            'Identify the point where the lesson depends on prior understanding.',
            'Write one multiple-choice question whose wrong answers reveal misconceptions.',
            'Collect every answer in under a minute.',
            'Decide to move on, reteach or split the class.',
          ],
          'Before moving from adding to subtracting integers, a hinge question reveals that a quarter of the class still confuses the signs.',
          ['The decision to move on is based on the hinge result.', 'Each wrong answer maps to a known misconception.'],
        ),
        s(
          'Exit Ticket Sort and Respond',
          'Sort exit tickets into groups and plan a specific response for each group.',
          [
            'Collect tickets at the door.',
            'Sort into got it, almost and not yet.',
            'Plan a short task for each group for the next day.',
            'Return tickets with the group task.',
          ],
          'The next morning, the "almost" group revises their ticket with a hint card while the teacher works with the "not yet" group.',
          ['Groups change from lesson to lesson.', 'Students receive different tasks based on evidence.'],
        ),
      ]),
      el('Responsive Adjustments', 'Using evidence gathered during and after lessons to change what happens next.', [
        s(
          'Three-Group Regroup',
          'Regroup students into reteach, practise and extend groups based on recent evidence.',
          [
            'Review the latest check for understanding.',
            'Form three groups for the next lesson.',
            'Plan a distinct task for each group.',
            'Reassess at the end of the lesson.',
          ],
          'After a quiz, a teacher reteaches decimals to one group while another practises and a third designs word problems for classmates.',
          ['Groups are flexible and change over time.', 'Each group\'s task matches its evidence.'],
        ),
        s(
          'Targeted Reteach Mini-Lesson',
          'A short mini-lesson that addresses one specific misunderstanding in a new way.',
          [
            'Identify the exact misunderstanding from student work.',
            'Choose a different explanation or representation.',
            'Teach it in ten minutes or less.',
            'Check again with a similar item.',
          ],
          'When students confuse area and perimeter, the teacher uses square tiles and string to show the difference physically.',
          ['The reteach uses a different approach from the first lesson.', 'The follow-up check shows improvement.'],
        ),
        s(
          'Team Data Huddle',
          'A short team meeting where teachers review common assessment data and agree on next steps.',
          [
            'Bring results from a shared assessment.',
            'Identify the two weakest skills across classes.',
            'Share the strategy that worked best in one class.',
            'Agree on an action and a date to check results.',
          ],
          'A grade-level team sees low results in inference and agrees to try the same think-aloud approach in every class for two weeks.',
          ['Meetings end with a specific shared action.', 'Results are reviewed again on the agreed date.'],
        ),
        s(
          'Plan B Lesson Branch',
          'Plan an alternative path within a lesson in case a check shows students are not ready.',
          [
            'Identify the key check point in the lesson.',
            'Write a brief alternative activity for students who need it.',
            'Use the check result to choose the path.',
          ],
          'A teacher prepares a manipulative activity in case the hinge question shows students cannot yet picture volume.',
          ['The teacher switches paths smoothly when needed.', 'Students who took the alternative path catch up.'],
        ),
      ]),
    ]),
    strand('Effective Feedback', 'Giving students clear, timely information about their work and what to do next.', [
      el('Timely Verbal Feedback', 'Spoken feedback during work time, while students can still act on it.', [
        s(
          'Roving Conferences',
          'Circulate during work time and hold brief conversations with individual students about their work.',
          [
            'Plan which students to reach first.',
            'Ask the student to explain what they are working on.',
            'Name one strength and one next step.',
            'Record the next step on a clipboard.',
          ],
          'During a writing block, a teacher confers with six students, each leaving with one specific next step.',
          ['Conferences are short and focused.', 'Students act on the next step before the lesson ends.'],
        ),
        s(
          'Two-Minute Check-In',
          'A quick, scheduled check-in with each student during a unit to review progress.',
          [
            'Make a rota so every student is seen once a week.',
            'Ask one question about their progress.',
            'Agree on one action.',
          ],
          'A teacher checks in with five students a day while the class reads independently.',
          ['Every student is seen within the cycle.', 'Agreed actions are revisited next time.'],
        ),
        s(
          'Specific Success Narration',
          'Describe exactly what a student did well and why it worked, instead of general praise.',
          [
            'Notice a specific action linked to the criteria.',
            'Name the action and its effect.',
            'Connect it to the success criteria.',
          ],
          'Instead of "Great job," the teacher says, "You checked your answer by estimating first, so you caught that mistake."',
          ['Praise names a specific action.', 'Students repeat the praised behaviour.'],
        ),
        s(
          'Ask Tell Ask',
          'Ask students to assess their own work first, add your view, then ask how they will use it.',
          [
            'Ask what the student thinks is working and what is not.',
            'Tell them one thing you notice.',
            'Ask how they plan to use the feedback.',
          ],
          'A student says her conclusion feels weak, the teacher agrees and suggests linking back to the question, and the student plans to rewrite the last sentence.',
          ['Students self-assess before hearing feedback.', 'Students state a plan in their own words.'],
        ),
      ]),
      el('Written Feedback That Moves Learning', 'Comments on written work that students read, understand and act on.', [
        s(
          'Glow and Grow Comments',
          'Written feedback that names one strength and one area to grow, tied to the criteria.',
          [
            'Write one "glow" that names a specific strength.',
            'Write one "grow" that names a next step.',
            'Keep both short and linked to criteria.',
            'Give time in class to act on the grow.',
          ],
          'On a history essay: "Glow: your topic sentences are clear. Grow: add a quote that supports your second point."',
          ['Comments reference criteria.', 'Revised work shows the grow addressed.'],
        ),
        s(
          'Comment Codes',
          'Use a short set of codes for common feedback so students look up and act on the meaning.',
          [
            'Create five to eight codes for common issues.',
            'Mark work with codes rather than full comments.',
            'Have students look up each code and make the fix.',
          ],
          'An English teacher marks "E" for missing evidence, and students use the code key to add quotes.',
          ['Students correct their own work using the code key.', 'Marking time goes down while feedback use goes up.'],
        ),
        s(
          'Comments Before Grades',
          'Return work with comments first and release the grade only after students respond.',
          [
            'Write comments without a grade.',
            'Ask students to respond to the comments.',
            'Release the grade after the response.',
          ],
          'Students receive lab reports with comments only, revise their conclusions, and then see their scores.',
          ['Students read and act on comments.', 'Revisions improve quality before grading.'],
        ),
        s(
          'Revision Window',
          'Set aside class time for students to revise work based on feedback.',
          [
            'Return feedback at the start of a lesson.',
            'Give 15 to 20 minutes for revision.',
            'Have students highlight what they changed.',
          ],
          'Every Friday, students spend 20 minutes revising the week\'s writing using teacher feedback.',
          ['Revisions are visible and highlighted.', 'Students use feedback rather than ignoring it.'],
        ),
      ]),
      el('Peer Feedback', 'Structured routines for students to give each other useful feedback.', [
        s(
          'Gallery Walk Feedback',
          'Students display work and circulate to leave written feedback on each other\'s products.',
          [
            'Post work around the room.',
            'Give feedback stems tied to the criteria.',
            'Have students leave sticky-note feedback on three pieces.',
            'Let creators read feedback and plan revisions.',
          ],
          'Fifth graders post science posters and leave notes such as "Your diagram is clear; can you label the arrows?"',
          ['Feedback is specific and kind.', 'Creators revise based on peer notes.'],
        ),
        s(
          'Warm and Cool Feedback',
          'Peers give warm feedback on strengths and cool feedback as questions or suggestions.',
          [
            'Model warm and cool comments.',
            'Have a presenter share work briefly.',
            'Collect warm then cool comments from peers.',
            'Let the presenter respond and note one change.',
          ],
          'A student shares a short film plan; a peer asks whether the ending could show the character\'s change more clearly.',
          ['Cool feedback is framed constructively.', 'Presenters identify a concrete change.'],
        ),
        s(
          'Peer Checklist Swap',
          'Partners swap work and check it against a short criteria checklist.',
          [
            'Give a checklist of four or five criteria.',
            'Have partners swap and tick each met criterion.',
            'Ask them to circle one unmet criterion.',
            'Return and discuss.',
          ],
          'Partners swap persuasive paragraphs and check for a claim, two reasons, evidence and a concluding sentence.',
          ['Checklists are completed accurately.', 'Students fix unmet criteria.'],
        ),
        s(
          'Praise Question Suggest',
          'Peer feedback in three parts: one praise, one question and one suggestion.',
          [
            'Post the three-part frame.',
            'Model it with a sample piece.',
            'Have students give feedback in pairs using the frame.',
          ],
          'A student writes: "I like the hook. Why did you choose this example? You could add a statistic."',
          ['All three parts are present.', 'Suggestions are actionable.'],
        ),
      ]),
      el('Recognizing Progress', 'Making growth visible so students see the results of their effort.', [
        s(
          'Progress Shout-Outs',
          'Publicly recognize specific improvements, not just top performance.',
          [
            'Track improvement on a recent task.',
            'Name students who improved and what they did.',
            'Link improvement to effort or strategy.',
          ],
          'The teacher recognizes a student who moved from two to four correct inferences by rereading each paragraph.',
          ['Recognition focuses on growth and strategy.', 'A wide range of students are recognized over time.'],
        ),
        s(
          'Before and After Portfolio',
          'Students keep early and later samples side by side to see their growth.',
          [
            'Save an early sample of work.',
            'Add a later sample of the same type.',
            'Have students write what improved and how.',
          ],
          'In March, students compare their September and February narratives and list three specific improvements.',
          ['Students name concrete improvements.', 'Portfolios are used in conferences.'],
        ),
        s(
          'Personal Best Board',
          'A display where students record personal bests on skills they are practising.',
          [
            'Choose a skill with a measurable score.',
            'Have students record their best score privately or with a code.',
            'Celebrate new personal bests weekly.',
          ],
          'Students log their personal best reading rate and celebrate when they beat it.',
          ['Students know and track their own bests.', 'Celebrations focus on personal growth.'],
        ),
        s(
          'Positive Note Home',
          'Send short positive notes or messages home about specific student progress.',
          [
            'Set a goal of a few notes a week.',
            'Name a specific action or improvement.',
            'Track notes so every student receives one over time.',
          ],
          'A family receives a note that their child asked a great question about fractions and helped a peer understand it.',
          ['Every student receives a note over a term.', 'Families respond positively.'],
        ),
      ]),
    ]),
    strand('Self-Assessment and Goal-Setting', 'Helping students judge their own work, set goals and manage their learning.', [
      el('Self-Assessment Against Criteria', 'Students compare their own work with clear criteria and judge its quality.', [
        s(
          'Traffic Light Self-Check',
          'Students mark items or criteria green, amber or red to show their level of confidence.',
          [
            'List the criteria or items for a task.',
            'Ask students to colour each one green, amber or red.',
            'Group students by red items for support.',
          ],
          'After a practice set, students mark each problem type and the teacher forms a small group around the items most often marked red.',
          ['Ratings match the teacher\'s view of the work.', 'Red items lead to targeted support.'],
        ),
        s(
          'Highlight the Evidence',
          'Students highlight where their work meets each criterion, using a different colour for each one.',
          [
            'Assign a colour to each criterion.',
            'Have students highlight evidence in their own work.',
            'Ask them to add anything that is missing.',
          ],
          'A student highlights her thesis in yellow and evidence in blue, notices no blue in the third paragraph and adds a quote.',
          ['Students find gaps in their own work.', 'Work improves before submission.'],
        ),
        s(
          'Self-Score Then Compare',
          'Students score their work on the rubric, then compare with the teacher\'s score and discuss differences.',
          [
            'Have students score their work with the rubric.',
            'Score it independently yourself.',
            'Discuss any gaps of more than one level.',
          ],
          'A student rates his presentation a four, the teacher rates it a three, and they agree that the evidence was thin.',
          ['Self-scores become more accurate over time.', 'Discussions focus on criteria.'],
        ),
        s(
          'Confidence Ratings',
          'Students rate how confident they are in each answer, then compare confidence with accuracy.',
          [
            'Add a confidence column to a quiz.',
            'Have students rate each answer from one to three.',
            'Compare confidence with correctness afterwards.',
          ],
          'Students discover they were very confident on two questions they got wrong and note them for review.',
          ['Students notice overconfidence and underconfidence.', 'Review plans target mismatches.'],
        ),
      ]),
      el('Student Goal-Setting', 'Students set specific learning goals and plan how to reach them.', [
        s(
          'Specific Personal Goals',
          'Students write short, specific goals linked to the success criteria and a timeframe.',
          [
            'Model a vague goal and a specific goal.',
            'Have students write one specific goal for the unit.',
            'Add one action they will take and a date.',
          ],
          'A student changes "get better at math" to "explain my steps on every word problem by Friday."',
          ['Goals are specific and time-bound.', 'Students can say what action supports their goal.'],
        ),
        s(
          'Goal Conferences',
          'Short conferences in which the teacher and student set and review a goal together.',
          [
            'Review recent work with the student.',
            'Agree on one goal and one strategy.',
            'Schedule a follow-up conversation.',
          ],
          'In a reading conference, a student sets a goal to summarize each chapter in three sentences and checks in two weeks later.',
          ['Goals are revisited at follow-up.', 'Students own the goal wording.'],
        ),
        s(
          'Weekly Goal Cards',
          'Students write a goal on a card each Monday and reflect on it each Friday.',
          [
            'Hand out cards on Monday.',
            'Have students write one goal for the week.',
            'On Friday, reflect on progress and next steps.',
          ],
          'A student sets a goal to ask one question each day and reflects on Friday that she met it four times.',
          ['Cards are completed at both ends of the week.', 'Reflections lead to adjusted goals.'],
        ),
      ]),
      el('Tracking Personal Progress', 'Students collect and review evidence of their own learning over time.', [
        s(
          'Personal Progress Graph',
          'Students graph their scores on repeated checks to see their growth.',
          [
            'Give students a simple graph template.',
            'Have them plot each result after a check.',
            'Ask them to describe the trend.',
          ],
          'Students graph weekly spelling results and notice their scores rose after they started practising with flashcards.',
          ['Graphs are kept up to date.', 'Students link trends to their actions.'],
        ),
        s(
          'Learning Log',
          'A running log where students record what they learned, what was hard and what they will do next.',
          [
            'Provide three short log prompts.',
            'Give three minutes at the end of selected lessons.',
            'Read a sample of logs weekly.',
          ],
          'A student writes, "I learned to balance equations; the hardest part was oxygen; next I will check atoms on both sides."',
          ['Entries are specific.', 'The teacher responds to patterns in logs.'],
        ),
        s(
          'Student-Led Conference',
          'Students lead a meeting with their family to share work, progress and goals.',
          [
            'Help students choose work samples that show growth.',
            'Rehearse the conference with a script.',
            'Have students lead the meeting while the teacher supports.',
            'End with a shared goal.',
          ],
          'A seventh grader walks her parents through her portfolio and explains her goal to improve lab report conclusions.',
          ['Students speak for most of the conference.', 'Families leave knowing the student\'s goal.'],
        ),
        s(
          'Skill Passport',
          'Students collect stamps or sign-offs as they demonstrate specific skills.',
          [
            'List the skills for a unit in a passport.',
            'Sign off a skill when students show it.',
            'Let students choose which skill to work on next.',
          ],
          'In a coding unit, students earn stamps for loops, conditionals and functions as they complete challenges.',
          ['Students know which skills they still need.', 'Sign-offs are based on evidence.'],
        ),
      ]),
      el('Reflection and Metacognition', 'Teaching students to think about how they learn and which strategies help.', [
        s(
          'Plan Monitor Evaluate Prompts',
          'Prompts before, during and after a task help students plan, check and evaluate their approach.',
          [
            'Before: ask what the task requires and how they will start.',
            'During: ask whether the approach is working.',
            'After: ask what they would do differently.',
          ],
          'Before a research task, students plan their search terms; halfway, they check whether the sources are useful; at the end, they note what to change.',
          ['Students adjust approaches mid-task.', 'Reflections name specific strategies.'],
        ),
        s(
          'Strategy Reflection Cards',
          'Cards listing learning strategies that students use to reflect on which helped them most.',
          [
            'Introduce a set of learning strategies.',
            'After a task, have students pick the card that helped most.',
            'Ask them to explain why.',
          ],
          'After revising for a quiz, a student selects "teach someone else" and explains that explaining to her brother showed her gaps.',
          ['Students name and justify strategies.', 'Strategy use becomes more deliberate.'],
        ),
        s(
          'Thinking Pause',
          'A brief pause mid-lesson where students note how they are approaching the task and whether it works.',
          [
            'Stop work briefly.',
            'Ask "What strategy are you using and is it working?"',
            'Have a few students share and adjust.',
          ],
          'During problem solving, a student realizes guessing is not working and switches to drawing a table.',
          ['Students can describe their strategy.', 'Some students change strategy after the pause.'],
        ),
        s(
          'Exam Wrapper',
          'A short reflection after a test in which students analyse how they prepared and what to change.',
          [
            'Return the test with a reflection sheet.',
            'Ask how they prepared and which errors they made.',
            'Have them plan changes for the next test.',
          ],
          'A student notices that most errors came from careless reading and plans to underline key words next time.',
          ['Plans are specific.', 'Preparation changes before the next assessment.'],
        ),
      ]),
    ]),
  ],
);

const classroomCulture = category(
  'Classroom Culture and Community',
  'How the classroom environment, routines and relationships make learning possible for every student.',
  [
    strand('Routines and Procedures', 'Predictable structures that protect learning time and reduce friction.', [
      el('Establishing Routines', 'Teaching and practising routines so students can run them with little prompting.', [
        s(
          'Routine Rehearsal',
          'Model, practise and time a routine until students can do it smoothly on their own.',
          [
            'Name the routine and explain its purpose.',
            'Model it step by step.',
            'Have students practise and time it.',
            'Re-practise after breaks or when it slips.',
          ],
          'In the first week, a class practises handing in papers until they can do it in under 30 seconds.',
          ['Routines run with minimal prompts.', 'Time lost to routine tasks decreases.'],
        ),
        s(
          'Do Now Entry Task',
          'A short task waiting for students as they enter, so learning begins immediately.',
          [
            'Post the task in the same place every day.',
            'Keep it short and doable without help.',
            'Review it briefly to launch the lesson.',
          ],
          'Students enter and immediately answer two review questions on the board while the teacher takes attendance.',
          ['Students start work without being told.', 'The entry task links to the lesson.'],
        ),
        s(
          'Materials Managers',
          'Assign student roles to distribute and collect materials efficiently.',
          [
            'Define a few material roles.',
            'Rotate roles weekly.',
            'Teach each role explicitly.',
          ],
          'Table captains collect and return science kits so that setup takes two minutes instead of ten.',
          ['Materials move quickly.', 'Students take pride in their roles.'],
        ),
        s(
          'Visual Routine Charts',
          'Post illustrated step-by-step charts for common routines.',
          [
            'Break the routine into three to five steps.',
            'Add pictures or icons.',
            'Point to the chart when prompting.',
          ],
          'A kindergarten class follows a picture chart for the end-of-day routine without teacher reminders.',
          ['Students reference the chart independently.', 'Fewer verbal reminders are needed.'],
        ),
      ]),
      el('Smooth Transitions', 'Moving between activities quickly and calmly so learning time is protected.', [
        s(
          'Transition Countdown',
          'Count down aloud or on a timer to signal how long students have to transition.',
          [
            'Announce the transition and what should happen.',
            'Count down from ten or start a visible timer.',
            'Acknowledge students who are ready.',
          ],
          'A teacher counts down from ten as students move from carpet to desks, and most are seated by three.',
          ['Transitions finish within the countdown.', 'Students move calmly.'],
        ),
        s(
          'Consistent Attention Signal',
          'A consistent signal that tells students to stop, look and listen.',
          [
            'Choose one signal such as a raised hand or a chime.',
            'Teach the expected response.',
            'Practise until the class responds within five seconds.',
          ],
          'When the teacher rings a soft chime, students pause, turn and listen.',
          ['The class responds quickly.', 'The teacher does not need to raise their voice.'],
        ),
        s(
          'Music-Cued Transitions',
          'Use a short song to mark how long a transition should take.',
          [
            'Choose a song of the right length.',
            'Teach students to finish before it ends.',
            'Use the same song for the same transition.',
          ],
          'A two-minute song plays during clean-up and students aim to finish before the chorus repeats.',
          ['Transitions finish before the music ends.', 'Students self-manage the pace.'],
        ),
        s(
          'Beat the Clock Challenge',
          'Challenge the class to beat its best transition time.',
          [
            'Time a transition.',
            'Record the class best.',
            'Celebrate when the class beats it.',
          ],
          'A class tracks its lining-up time on a chart and celebrates a new record of 40 seconds.',
          ['Times improve.', 'Students encourage one another.'],
        ),
      ]),
      el('Organizing the Learning Space', 'Arranging the room to support the kind of learning planned.', [
        s(
          'Purposeful Seating Plan',
          'Arrange seating to match the activity and to support students\' needs.',
          [
            'Decide the main activity for the week.',
            'Choose a layout that supports it.',
            'Consider sightlines, noise and student needs.',
            'Review the plan after a week.',
          ],
          'For a discussion unit, a teacher moves desks into a horseshoe so that everyone can see each speaker.',
          ['Layout supports the activity.', 'All students can see and hear.'],
        ),
        s(
          'Learning Zones',
          'Create distinct areas for quiet work, group work and teacher-led instruction.',
          [
            'Map the room and assign zones.',
            'Label each zone with its purpose.',
            'Teach expectations for each zone.',
          ],
          'A classroom has a quiet reading nook, two group tables and a small-group table near the board.',
          ['Students use zones as intended.', 'Noise levels match zone purposes.'],
        ),
        s(
          'Clear Pathways and Sightlines',
          'Keep walkways clear and ensure the teacher can see every student from any point.',
          [
            'Walk the room to check pathways.',
            'Remove obstacles.',
            'Check sightlines from the front and back.',
          ],
          'A teacher moves a bookcase so she can see the whole room while working with a small group.',
          ['Movement is easy and safe.', 'The teacher can monitor all students.'],
        ),
        s(
          'Student-Curated Displays',
          'Students help choose and create what is displayed on classroom walls.',
          [
            'Reserve wall space for student work.',
            'Have students select pieces that show learning.',
            'Add short captions written by students.',
          ],
          'Students choose their best lab sketch to display with a caption explaining what it shows.',
          ['Displays change regularly.', 'Students refer to displays.'],
        ),
      ]),
      el('Behavior Expectations', 'Setting clear expectations and responding to misbehavior calmly and consistently.', [
        s(
          'Co-Created Class Agreements',
          'Develop class agreements with students at the start of the year.',
          [
            'Ask students how they want the class to feel.',
            'Turn ideas into a few positive agreements.',
            'Have everyone sign the agreement.',
            'Revisit it regularly.',
          ],
          'A class agrees on "We listen to understand" and "We help before we are asked" and revisits the agreements monthly.',
          ['Students refer to the agreements.', 'Agreements are stated positively.'],
        ),
        s(
          'Behavior-Specific Praise',
          'Praise the precise behavior you want to see more of.',
          [
            'Notice students meeting expectations.',
            'Name the behavior specifically.',
            'Aim for several praise statements for every correction.',
          ],
          '"Thank you for starting your work right away, table three."',
          ['Praise outnumbers correction.', 'Praised behaviors increase.'],
        ),
        s(
          'Proximity and Nonverbal Redirection',
          'Use movement, eye contact and gestures to redirect behavior without stopping the lesson.',
          [
            'Move toward the off-task student while teaching.',
            'Use eye contact or a gesture.',
            'Acknowledge the student once they are back on task.',
          ],
          'While explaining, a teacher stands beside a chatting pair and they quietly return to their work.',
          ['Minor issues are resolved without interruption.', 'Lesson flow continues.'],
        ),
        s(
          'Private Reset Conversation',
          'A brief private conversation to help a student reset after a difficult moment.',
          [
            'Choose a private moment.',
            'Describe the behavior calmly.',
            'Ask what the student needs.',
            'Agree on a next step.',
          ],
          'A teacher quietly asks a frustrated student what is going on and they agree on a short break before returning.',
          ['The tone stays calm.', 'The student returns to learning.'],
        ),
        s(
          'Restorative Check-In',
          'After a conflict, guide those involved to talk about harm and repair.',
          [
            'Bring the students together when calm.',
            'Ask what happened and who was affected.',
            'Agree on how to make things right.',
          ],
          'Two students who argued at recess talk through what happened and agree to sit apart until they feel settled.',
          ['Students take responsibility.', 'Relationships are repaired.'],
        ),
      ]),
    ]),
    strand('Engagement and Motivation', 'Keeping students attentive, curious and invested in their learning.', [
      el('Pacing and Movement', 'Adjusting pace and building in movement to maintain attention.', [
        s(
          'Stand and Share',
          'Students stand to share ideas with a partner, adding movement to discussion.',
          [
            'Pose a question.',
            'Have students stand and find a partner.',
            'Share, then sit when finished.',
          ],
          'After a reading passage, students stand, find someone across the room and share their favorite line.',
          ['All students move and talk.', 'Energy rises after the activity.'],
        ),
        s(
          'Purposeful Brain Breaks',
          'Short breaks that include movement tied to content.',
          [
            'Plan a one- to two-minute activity.',
            'Link the movement to content when possible.',
            'Return calmly to learning.',
          ],
          'Students skip-count by threes while doing jumping jacks before returning to a multiplication task.',
          ['Breaks are brief.', 'Students refocus quickly afterwards.'],
        ),
        s(
          'Visible Pacing Timer',
          'Use visible timers to keep activities moving at a brisk pace.',
          [
            'Set a time limit for each activity.',
            'Display a timer.',
            'Adjust if most students need more time.',
          ],
          'A visible timer helps a class finish a five-minute brainstorm on time.',
          ['Activities stay on schedule.', 'Students manage their time.'],
        ),
        s(
          'Human Number Line',
          'Students physically place themselves on a line to show their answer or opinion.',
          [
            'Mark a line on the floor with a scale.',
            'Pose a question with a range of answers.',
            'Have students stand at their position.',
            'Discuss the distribution.',
          ],
          'Students line up to show how strongly they agree that a character acted fairly.',
          ['All students participate.', 'Discussion uses the physical spread.'],
        ),
      ]),
      el('Student Choice and Voice', 'Giving students meaningful choices and a say in their learning.', [
        s(
          'Choice Board',
          'A grid of tasks from which students choose how to practise or show learning.',
          [
            'Design six to nine tasks aligned to the same goal.',
            'Vary the format of the tasks.',
            'Have students choose two or three.',
          ],
          'A choice board on fractions includes a game, a drawing task and a recipe problem.',
          ['Choices are aligned to the goal.', 'Students explain why they chose their tasks.'],
        ),
        s(
          'Choose Your Product',
          'Let students choose how they will demonstrate their learning.',
          [
            'Define the success criteria.',
            'Offer several product formats.',
            'Assess all formats against the same criteria.',
          ],
          'Students show what they know about the water cycle through a comic, a podcast or a model.',
          ['Products meet the same criteria.', 'Engagement rises.'],
        ),
        s(
          'Class Voice Poll',
          'Poll students about class decisions and share how their input shaped the decision.',
          [
            'Ask for input on a real decision.',
            'Share the results.',
            'Explain how the results informed the decision.',
          ],
          'Students vote on which novel to read next and the teacher shares the results before beginning it.',
          ['Students see their input used.', 'Participation in polls is high.'],
        ),
        s(
          'Student-Written Review Questions',
          'Students write questions for classmates to review content.',
          [
            'Model a good review question.',
            'Have each student write two questions.',
            'Use the questions in a review game.',
          ],
          'Students write quiz questions about the solar system, which become the next day\'s warm-up.',
          ['Questions are accurate and varied.', 'Students enjoy answering peers\' questions.'],
        ),
      ]),
      el('Games and Friendly Competition', 'Using games and low-stakes competition to energise practice.', [
        s(
          'Review Relay',
          'Teams race to answer a sequence of questions, each member answering in turn.',
          [
            'Prepare a set of questions per team.',
            'Have one member at a time answer.',
            'Check answers before the next member goes.',
          ],
          'Teams race through ten geography questions, each member answering one in turn.',
          ['Everyone participates.', 'Accuracy counts as well as speed.'],
        ),
        s(
          'Quiz Show Review',
          'A game-show style review with categories and point values.',
          [
            'Build a board with categories and values.',
            'Have teams take turns choosing questions.',
            'Discuss missed answers.',
          ],
          'A class reviews a unit on ecosystems with a quiz board and teams discuss each missed answer.',
          ['All team members discuss answers.', 'Missed answers are explained.'],
        ),
        s(
          'Team Point Challenge',
          'Teams earn points for collaborative goals, such as everyone completing a task.',
          [
            'Set a team goal.',
            'Award points when the whole team meets it.',
            'Celebrate weekly.',
          ],
          'Teams earn a point when every member completes the homework, encouraging mutual support.',
          ['Teams support struggling members.', 'Points reflect collaboration.'],
        ),
        s(
          'Inside-Outside Circle',
          'Two concentric circles of students face each other, ask and answer questions, then rotate.',
          [
            'Give each student a question card.',
            'Form inside and outside circles.',
            'Partners quiz each other, then rotate.',
          ],
          'Students quiz each other on vocabulary and rotate every minute, meeting six partners.',
          ['Students talk with many peers.', 'Questions are answered accurately.'],
        ),
      ]),
      el('Making Learning Relevant', 'Connecting content to students\' lives, interests and futures.', [
        s(
          'Real-World Connections Board',
          'A board where students post examples of content appearing in the world outside school.',
          [
            'Set up the board.',
            'Invite students to post examples with a short caption.',
            'Discuss a few each week.',
          ],
          'A student posts a sale flyer showing a percent discount during a percentages unit.',
          ['The board is regularly updated.', 'Students make connections independently.'],
        ),
        s(
          'Community Problem Spotlight',
          'Highlight a local issue that students can analyse with the content they are learning.',
          [
            'Identify a local issue.',
            'Link it to current content.',
            'Have students propose solutions.',
          ],
          'Students use data skills to analyse traffic near the school and propose a safer crossing.',
          ['Students see the content\'s value.', 'Proposals use the content.'],
        ),
        s(
          'Career Connection Moments',
          'Briefly show how professionals use the current content in their work.',
          [
            'Find a career that uses the content.',
            'Share a short example or video.',
            'Ask students what surprised them.',
          ],
          'A teacher shows how nurses use ratios to calculate medicine doses.',
          ['Students ask about careers.', 'Engagement with the content rises.'],
        ),
        s(
          'Personal Connection Prompt',
          'Prompts that ask students to connect content to their own experiences.',
          [
            'Pose a prompt linking content to life.',
            'Have students write or share.',
            'Build on responses in the lesson.',
          ],
          'Before reading about migration, students share a time they had to adapt to a new place.',
          ['Students share readily.', 'The teacher uses responses in the lesson.'],
        ),
      ]),
    ]),
    strand('Relationships and Belonging', 'Building trusting relationships and a classroom where every student belongs.', [
      el('Knowing Students as Individuals', 'Learning about students\' interests, strengths and backgrounds and using that knowledge.', [
        s(
          'Interest Inventory',
          'A short survey at the start of the year to learn about students\' interests and preferences.',
          [
            'Write a short inventory.',
            'Have students complete it in the first week.',
            'Use the results in examples and groupings.',
          ],
          'A teacher learns that several students love football and uses match statistics in a data lesson.',
          ['Examples reflect student interests.', 'Students notice and comment on this.'],
        ),
        s(
          'Ten-Day Connection Conversations',
          'Spend two minutes a day for ten days talking with a student you have not connected with yet.',
          [
            'Identify a student to connect with.',
            'Have a short, non-academic conversation each day.',
            'Note changes in engagement.',
          ],
          'A teacher chats with a quiet student about his favorite video games and notices he starts volunteering in class.',
          ['The student becomes more engaged.', 'The teacher learns something new about the student.'],
        ),
        s(
          'Greeting at the Door',
          'Greet every student by name as they enter the room.',
          [
            'Stand at the door as class begins.',
            'Greet each student by name.',
            'Use the moment to check in briefly.',
          ],
          'A teacher greets each student and notices one seems upset, checking in with her privately later.',
          ['Every student is greeted.', 'Students enter calmly and ready to learn.'],
        ),
        s(
          'Student Spotlight',
          'Regularly feature one student\'s interests, strengths or story.',
          [
            'Create a rotation.',
            'Have the student share a few items about themselves.',
            'Invite classmates to ask questions.',
          ],
          'A student shares her love of baking and brings a recipe that becomes a fractions problem.',
          ['Every student is featured over time.', 'Classmates learn about each other.'],
        ),
      ]),
      el('High Expectations for All', 'Communicating and acting on the belief that every student can reach high standards.', [
        s(
          'Equitable Response Opportunities',
          'Ensure that all students, not just volunteers, are asked to answer and to think deeply.',
          [
            'Track who you call on.',
            'Ask challenging questions of all students.',
            'Use random selection to balance participation.',
          ],
          'A teacher reviews her tracking and realizes she rarely asks certain students the challenging questions, so she changes her pattern.',
          ['Participation is balanced.', 'All students receive challenging questions.'],
        ),
        s(
          'High Expectations Feedback Message',
          'Pair critical feedback with a clear statement of high standards and belief in the student.',
          [
            'Give specific feedback.',
            'State that the standard is high.',
            'Express confidence that the student can meet it.',
          ],
          '"I am giving you these comments because I have high standards and I know you can meet them."',
          ['Students respond positively to critical feedback.', 'Revisions increase.'],
        ),
        s(
          'Growth Language',
          'Use language that emphasises effort, strategy and improvement.',
          [
            'Avoid fixed labels such as "smart" or "slow".',
            'Praise effort and strategy.',
            'Use the word "yet" when students struggle.',
          ],
          '"You haven\'t mastered this yet, but your new strategy is working."',
          ['Students use growth language themselves.', 'Students persist on hard tasks.'],
        ),
        s(
          'Rigorous Tasks for Everyone',
          'Ensure all students, including those who need support, engage with complex tasks.',
          [
            'Plan one rigorous task for everyone.',
            'Add scaffolds rather than simplifying the task.',
            'Remove scaffolds gradually.',
          ],
          'Students who need support tackle the same analysis task with sentence frames and a glossary.',
          ['All students attempt the rigorous task.', 'Scaffolds fade over time.'],
        ),
      ]),
      el('Inclusive Discussion', 'Structuring discussion so that every voice is heard and respected.', [
        s(
          'Talk Move Stems',
          'Sentence stems that help students build on, question and respectfully disagree with each other.',
          [
            'Post stems such as "I agree with ... because" and "I see it differently because".',
            'Model each stem.',
            'Encourage students to use them in discussion.',
          ],
          'A student says, "I see it differently because the graph shows the temperature falling," building on a peer\'s idea.',
          ['Students use stems naturally.', 'Discussion builds on ideas.'],
        ),
        s(
          'Think Pair Share',
          'Students think individually, discuss with a partner and then share with the class.',
          [
            'Pose a question.',
            'Give individual think time.',
            'Have pairs discuss.',
            'Invite pairs to share.',
          ],
          'After thinking about why a character lied, pairs discuss and share their ideas with the class.',
          ['All students participate.', 'Shared answers are more developed.'],
        ),
        s(
          'Discussion Roles',
          'Assign roles such as facilitator, summarizer and questioner to structure group discussion.',
          [
            'Define each role.',
            'Assign and rotate roles.',
            'Debrief on how the roles helped.',
          ],
          'In a literature circle, students rotate roles weekly and report that the summarizer keeps the group focused.',
          ['Roles are carried out.', 'Discussion is balanced.'],
        ),
        s(
          'Participation Tracking',
          'Track who speaks in discussion to ensure balanced participation.',
          [
            'Use a seating chart to tally contributions.',
            'Share patterns with students.',
            'Set goals for balanced participation.',
          ],
          'A teacher shares a tally showing that four students dominated discussion and sets a goal for everyone to speak once.',
          ['Participation becomes more balanced.', 'Quiet students contribute more.'],
        ),
      ]),
      el('Family Partnerships', 'Building two-way relationships with families to support learning.', [
        s(
          'Two-Way Welcome Survey',
          'Ask families to share what they know about their child at the start of the year.',
          [
            'Send a short survey to families.',
            'Ask about strengths, interests and concerns.',
            'Use responses to plan.',
          ],
          'A parent shares that her son loves drawing and the teacher invites him to illustrate class notes.',
          ['Most families respond.', 'Responses inform teaching.'],
        ),
        s(
          'Positive Phone Calls',
          'Call families to share good news, not only concerns.',
          [
            'Set a weekly goal for positive calls.',
            'Share a specific success.',
            'Track calls to reach every family.',
          ],
          'A teacher calls a family to share that their daughter helped a new student feel welcome.',
          ['Every family receives a positive call.', 'Families become more engaged.'],
        ),
        s(
          'Family Learning Night',
          'An evening event where families experience what students are learning.',
          [
            'Plan hands-on activities.',
            'Invite families.',
            'Have students lead the activities.',
          ],
          'Families play math games led by their children and leave with game cards to use at home.',
          ['Attendance is strong.', 'Families use the activities at home.'],
        ),
        s(
          'Home Connection Activity',
          'A short activity that students complete with family members, linked to class learning.',
          [
            'Design an activity that needs no special materials.',
            'Send clear instructions.',
            'Share results in class.',
          ],
          'Students interview a family member about a historical event they remember and share the stories in class.',
          ['Most students complete the activity.', 'Class discussions include family perspectives.'],
        ),
      ]),
    ]),
  ],
);

export const framework: CategoryDef[] = [planningAndInstruction, assessmentAndFeedback, classroomCulture];
