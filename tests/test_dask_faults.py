"""A Dask cluster closed mid-search ends the search with a clear error, never a hang.

Its own module (and so its own moment): no other cluster of the test session is alive in
this process while it runs, so what it sees is this cluster's end alone.
"""

from __future__ import annotations

from conftest import needs_module

from fminimax import parallel
from fminimax.games import nim


def test_a_dask_cluster_closed_mid_search_ends_it_with_a_clear_error_not_a_hang() -> None:
    import time

    from test_parallel import in_background
    distributed = needs_module("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       protocol="tcp://", host="127.0.0.1",
                                       dashboard_address=None, worker_dashboard_address=None)
    # A client retries a lost scheduler for its timeout (5 s here), then cancels its futures,
    # and the search ends with SearchFailed.  Now and then Dask neither returns nor cancels a
    # future of a closed in-process cluster; then the caller's timeout (per wait) ends it.
    client = distributed.Client(cluster, timeout=5)
    try:
        thread, box = in_background(parallel.ybw_search, client.get_executor(), nim.game(),
                                    nim.start((3, 3, 4, 4)), table=False, timeout=20)
        time.sleep(2.0)  # tasks are out on the workers
        assert thread.is_alive(), "the search ended before the cluster could be closed"
        cluster.close()
        thread.join(40)
        assert not thread.is_alive(), "the search still waits 40 s after its cluster closed"
    finally:
        client.close()
        cluster.close()
    error = box["value"]
    assert isinstance(error, parallel.SearchFailed | TimeoutError), error
    # how the loss shows depends on when Dask notices it (a cancelled task, or a worker's
    # reply that no longer fits); either way one line naming a position, never a hang
    assert str(error).startswith("the search of Nim(") and "\n" not in str(error)
