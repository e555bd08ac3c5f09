#if PostgreSQL
// PrivateCluster lives in SLPTestCluster, shared with the CLI tests; re-exported so that every
// file of this target sees it, as when it was defined here.
@_exported import SLPTestCluster
#endif
