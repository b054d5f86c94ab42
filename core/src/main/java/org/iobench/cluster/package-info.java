/**
 * Multi-host runs: agents ({@code iobench agent}) that run jobs for a controller ({@code iobench run --hosts}),
 * over embedded Hazelcast (each agent a one-member cluster, the controller a client of each). Messages are JSON
 * strings on two topics, each signed with HMAC-SHA256 over a shared secret; no Java object is deserialised from
 * the network. The job travels as its command-line arguments and comes back as the JSON result document plus
 * each worker's HdrHistogram, so this package depends on neither the job's nor the result's internals beyond
 * {@code JobSpec}'s target and the result records. Hazelcast is loaded only by commands that use it.
 */
package org.iobench.cluster;
