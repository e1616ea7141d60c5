import { objectTests } from '@rjsf/snapshot-tests';
import { Form } from '../../client/theme/Form';

// RJSF's own theme suite, rendered with our Blueprint theme; snapshots in __snapshots__/
objectTests(Form);
