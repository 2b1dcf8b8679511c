#!/usr/bin/env bash
# What the checks that use dbbench as a new user would share: installing the artifact, and a
# separate Maven project that depends on it. Sourced; defines two functions and nothing else.

# Installs the repository at $1 into the local Maven repository and prints the version installed.
install_dbbench() {
  local repo="$1" version
  # The project's own version is the first <version> in its pom.
  version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$repo/pom.xml" | head -1)"
  echo "== installing dev.dbbench:dbbench-junit:$version" >&2
  mvn -B -q -f "$repo/pom.xml" install -DskipTests >&2
  echo "$version"
}

# Writes, at $1, the pom of a user's project that depends on dbbench $2, runs *Bench classes and
# declares dbbench's Maven plugin.
user_project() {
  local work="$1" version="$2"
  mkdir -p "$work/src/test/java/com/example"
  cat > "$work/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>orders</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>6.1.3</version>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>dev.dbbench</groupId>
      <artifactId>dbbench-junit</artifactId>
      <version>$version</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <!-- The goals dbbench:compare, dbbench:merge and dbbench:accept. -->
        <groupId>dev.dbbench</groupId>
        <artifactId>dbbench-maven-plugin</artifactId>
        <version>$version</version>
      </plugin>
      <plugin>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.14.0</version>
      </plugin>
      <plugin>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>3.5.4</version>
        <configuration>
          <includes>
            <include>**/*Test.java</include>
            <include>**/*Bench.java</include>
          </includes>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
POM
}
