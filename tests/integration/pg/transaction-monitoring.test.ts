// The transaction-monitoring suite again on the PostgreSQL store (aggregates for velocity and the
// merchant average in SQL, the delay filter, the card-number search over every collection).
import '../transaction-monitoring.test';
