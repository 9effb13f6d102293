// The action's one name where people see it: the job summary's heading, the pull
// request comment's heading and the check run.
export const ACTION_TITLE = 'Mintlify Docs Agent Job'
