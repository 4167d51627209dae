/**
 * Darker text for antd's pale gold, green and red tags, whose own text fails WCAG contrast
 * (4.5:1). Every status tag of the dashboards uses it.
 */
export const TAG_TEXT: Record<string, string> = { gold: '!text-amber-800', green: '!text-green-800', red: '!text-red-800' };
