package org.iobench.workload;

import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;

/**
 * What one worker does its I/O with, made by the runner before the worker's thread starts.
 *
 * @param id       the worker's number in its job, from 0
 * @param engine   its own engine (an engine serves one thread)
 * @param requests its request slots, one per unit of queue depth, each with its buffer
 * @param file     the file its periodic syncs go to (the job's target), opened through {@code engine}
 */
record WorkerIo(int id, IoEngine engine, IoRequest[] requests, IoFile file) {}
