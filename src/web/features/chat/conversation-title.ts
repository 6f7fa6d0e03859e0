/** A conversation is named by the first line of its first question until the person renames it. */
export const titleFromQuestion = (question: string) => {
  const line = question.trim().split('\n')[0] ?? '';
  return line.length > 48 ? `${line.slice(0, 47)}…` : line || 'New conversation';
};
