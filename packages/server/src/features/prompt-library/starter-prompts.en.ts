import type { PromptEntry } from '@parley/shared';

// Parley's own starter set in English (docs/reference/prompt-library.md (The starter set)): five entries each for
// writing, translation, coding, study, work and AI agents. Each prefix ends where the user's own text begins.
const entry = (id: string, title: string, tags: string[], promptPrefix: string): PromptEntry => ({
  id: `starter-en-${id}`,
  title,
  promptPrefix,
  tags,
});

export const STARTER_PROMPTS_EN: readonly PromptEntry[] = [
  entry(
    'polish',
    'Polish my writing',
    ['writing', 'editing'],
    'Improve the clarity, flow and grammar of the text I send, keeping my meaning and my voice. Show the revised text first, then list the most important changes in a few short bullets.',
  ),
  entry(
    'shorten',
    'Make it shorter',
    ['writing', 'editing'],
    'Rewrite the text I send at about half its length. Keep every fact and the tone; cut repetition, filler and hedging.',
  ),
  entry(
    'email',
    'Write an email',
    ['writing', 'email'],
    'Write a clear, friendly email from the notes I give you. Start with a subject line, keep it under 150 words, and end with one concrete next step.',
  ),
  entry(
    'outline',
    'Article outline',
    ['writing', 'planning'],
    'Make a detailed outline for an article on the topic I give: a working title, the intended reader, five to seven sections with two or three key points each, and a closing idea.',
  ),
  entry(
    'social',
    'Social media post',
    ['writing', 'marketing'],
    'Write three versions of a short social media post about what I describe: one plain, one playful, one with a question for readers. No more than two hashtags each.',
  ),
  entry(
    'translate-zh',
    'Translate into Chinese',
    ['translation', 'Chinese'],
    'Translate the text I send into natural Simplified Chinese, as a native writer would phrase it rather than word for word. Keep names, numbers and formatting; answer with the translation only.',
  ),
  entry(
    'translate-en',
    'Translate into English',
    ['translation', 'English'],
    'Translate the text I send into natural, idiomatic English. Keep the tone of the original, keep names and numbers as they are, and answer with the translation only.',
  ),
  entry(
    'localize',
    'Localize for a market',
    ['translation', 'marketing'],
    'Adapt the text I send for the market and language I name: translate it, adjust idioms, units, dates and cultural references, and note briefly anything you changed on purpose.',
  ),
  entry(
    'explain-phrase',
    'Explain a phrase',
    ['translation', 'language'],
    'Explain the word or phrase I send: its meaning, its tone (formal, casual, rude), two example sentences, and the closest equivalent in Chinese.',
  ),
  entry(
    'check-translation',
    'Check a translation',
    ['translation', 'review'],
    'I will send an original and its translation. Point out mistranslations, omissions and awkward phrasing, each with a better version, then rate the translation from 1 to 5.',
  ),
  entry(
    'explain-code',
    'Explain this code',
    ['coding', 'learning'],
    'Explain what the code I send does, step by step, for someone who knows programming but not this codebase. Point out anything surprising or risky.',
  ),
  entry(
    'review-code',
    'Code review',
    ['coding', 'review'],
    'Review the code I send as a careful senior engineer: bugs first, then security, then readability. For each point give the line, the problem and a fix.',
  ),
  entry(
    'debug',
    'Help me debug',
    ['coding', 'debugging'],
    'Help me find the cause of a bug. I will describe what I expected, what happened and paste the code or error. Ask for anything missing, list likely causes from most to least likely, and suggest how to confirm each.',
  ),
  entry(
    'tests',
    'Write unit tests',
    ['coding', 'testing'],
    'Write unit tests for the code I send. Cover the normal case, edge cases and error cases; use the test framework the code already uses, or say which one you chose.',
  ),
  entry(
    'sql',
    'Write a SQL query',
    ['coding', 'SQL', 'data'],
    'Write a SQL query for what I describe. I will give the tables and columns. Explain the query in two or three sentences and mention any index that would help.',
  ),
  entry(
    'eli5',
    'Explain it simply',
    ['study', 'learning'],
    'Explain the topic I name as if to a curious twelve-year-old: short sentences, one everyday analogy, and no jargon without a plain explanation.',
  ),
  entry(
    'quiz',
    'Quiz me',
    ['study', 'practice'],
    'Quiz me on the topic I name. Ask one question at a time, wait for my answer, tell me whether it is right and why, then ask the next, slightly harder question.',
  ),
  entry(
    'summarize-notes',
    'Study notes',
    ['study', 'summary'],
    'Turn the text I send into study notes: the key ideas as a short list, important terms with one-line definitions, and three questions to test myself.',
  ),
  entry(
    'study-plan',
    'Study plan',
    ['study', 'planning'],
    'Make a study plan for the goal I describe. Ask how much time I have per week if I do not say. Break it into weekly steps with resources and a small check at the end of each week.',
  ),
  entry(
    'essay-feedback',
    'Essay feedback',
    ['study', 'writing', 'review'],
    'Give feedback on the essay I send as a fair teacher would: the thesis, structure, evidence and style, what works and the three changes that would improve it most.',
  ),
  entry(
    'meeting-summary',
    'Meeting summary',
    ['work', 'summary'],
    'Summarize the meeting notes or transcript I send: decisions made, open questions, and action items with owner and due date where they are mentioned.',
  ),
  entry(
    'report',
    'Weekly report',
    ['work', 'writing'],
    'Turn my rough notes into a concise weekly report with three parts: done this week, planned for next week, and risks or help needed.',
  ),
  entry(
    'pros-cons',
    'Weigh a decision',
    ['work', 'thinking'],
    'Help me decide on the question I describe. List the options, the pros and cons of each, what I would need to believe for each to be the right choice, and your recommendation.',
  ),
  entry(
    'spreadsheet',
    'Spreadsheet formula',
    ['work', 'data'],
    'Write a spreadsheet formula (Excel or Google Sheets) for what I describe, explain how it works, and give a small example with input and result.',
  ),
  entry(
    'reply-politely',
    'Reply politely but firmly',
    ['work', 'email', 'writing'],
    'Help me reply to the message I paste. Be polite and warm, but hold my position clearly. Give one short and one more detailed version.',
  ),
  entry(
    'interviewer',
    'Mock interviewer',
    ['AI agents', 'career', 'practice'],
    'Act as an interviewer for the job I name. Ask one question at a time, wait for my answer, give brief feedback on it, then move on. After five questions, give an overall assessment.',
  ),
  entry(
    'tutor',
    'Socratic tutor',
    ['AI agents', 'study'],
    'Act as a Socratic tutor. Do not give me answers directly; guide me with questions and hints until I reach the answer myself. The subject is what I send next.',
  ),
  entry(
    'product-manager',
    'Product manager',
    ['AI agents', 'work'],
    'Act as an experienced product manager. For the idea I describe, define the user problem, the target users, the smallest useful version, how to measure success and the biggest risks.',
  ),
  entry(
    'travel',
    'Travel planner',
    ['AI agents', 'life'],
    'Act as a travel planner. For the trip I describe, propose a day-by-day plan with places, rough times, transport and a budget estimate. Ask about my interests first if I do not mention them.',
  ),
  entry(
    'debate',
    'Devil’s advocate',
    ['AI agents', 'thinking'],
    'Act as a devil’s advocate. For the opinion or plan I send, make the strongest honest case against it, then say which objection matters most and how I could answer it.',
  ),
];
