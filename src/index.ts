import * as core from '@actions/core'
import { request } from 'undici'
core.info('hello ' + typeof request)
