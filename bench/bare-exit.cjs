// The fast no-op's baseline: a Node script that does nothing and exits.
'use strict'
