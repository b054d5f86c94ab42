/**
 * Multi-host runs: agents ({@code iobench agent}) that run jobs for a controller ({@code iobench run --hosts}), on
 * JGroups ({@link org.iobench.cluster.Jg}): each agent a cluster of its own, the controller a member of each, the
 * transport TLS 1.3 only ({@link org.iobench.cluster.SecretSockets}); both ends authenticate with a key derived from
 * the shared secret ({@link org.iobench.cluster.SecretIdentity}), and every message is sealed to its link's sessions
 * ({@link org.iobench.cluster.Seal}). Messages are JSON; no Java object is
 * deserialised from the network. The job travels as its command-line arguments and comes back as the JSON result
 * document plus each worker's HdrHistogram, so this package depends on neither the job's nor the result's internals
 * beyond {@code JobSpec}'s target and the result records.
 */
package org.iobench.cluster;
