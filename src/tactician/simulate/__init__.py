"""Encounter balance: the whole battle played N times with the engine on every side
(issue 30, ``tactician simulate``).

One concept a module: ``setup`` (what is simulated: the start state and its rulings,
picklable), ``seeds`` (copy ``i``'s seed from the base seed), ``run_one`` (one copy
played in memory to its end, ``engine.play``), ``summary`` (Wilson intervals, the
distributions), ``backends`` (in process, a process pool, a Dask cluster; results
collected by index), ``driver`` (batches, ``--until-precision``, Ctrl-C) and
``variants`` (``--vary`` what-ifs and the two-proportion test). Nothing here imports
the table, the store, the command line or the web; the engine and rules never
import this package.
"""
