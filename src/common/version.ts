// Kept equal to package.json's version by a test; sent in the User-Agent.
export const ACTION_NAME = 'mintlify-agent-job-action'
export const ACTION_VERSION = '1.0.0'
export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`
