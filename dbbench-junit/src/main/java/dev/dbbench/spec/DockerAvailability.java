package dev.dbbench.spec;

/** Whether a Docker engine answers, as the containers provider needs; {@code description} says why, for messages. */
public interface DockerAvailability {

    boolean available();

    String description();
}
