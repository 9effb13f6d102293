// The action's one name where people see it: the summary, the comment and the check run.
export const ACTION_TITLE = 'Mintlify Docs Agent Job'
